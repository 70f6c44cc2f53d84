import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { isolatedEnvironment, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_BIN } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

describe("openspec-agent mcp --http", () => {
  it("GIVEN mcp --http --port 0 WHEN it listens THEN /healthz answers, a request without a token gets 401, and SIGTERM exits 0", async () => {
    const { home, env } = isolatedEnvironment();
    const child = spawn(process.execPath, [CLI_BIN, "mcp", "--http", "--port", "0"], {
      env,
      cwd: home,
      stdio: ["ignore", "ignore", "pipe"],
    });
    const exited = once(child, "exit");
    let url = "";
    for await (const line of createInterface({ input: child.stderr })) {
      url = /serving .* at (http:\/\/\S+\/mcp)/.exec(line)?.[1] ?? "";
      if (url !== "") break;
    }
    child.stderr.resume();

    const health = await fetch(url.replace("/mcp", "/healthz"));
    const refused = await fetch(url, { method: "POST", body: "{}" });
    child.kill("SIGTERM");
    const [code] = await exited;

    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(await health.json()).toMatchObject({ registry_readable: true });
    expect(refused.status).toBe(401);
    expect(code).toBe(0);
  });

  it("GIVEN mcp --http --max-sessions-per-token 1 and a token WHEN the token initializes twice THEN the second gets 429", async () => {
    const { home, env } = isolatedEnvironment();
    const created = spawnSync(
      process.execPath,
      [CLI_BIN, "tokens", "create", "--name", "ci", "--json"],
      {
        env,
        cwd: home,
        encoding: "utf8",
      },
    );
    const secret = (JSON.parse(created.stdout) as { secret: string }).secret;
    const child = spawn(
      process.execPath,
      [CLI_BIN, "mcp", "--http", "--port", "0", "--max-sessions-per-token", "1"],
      { env, cwd: home, stdio: ["ignore", "ignore", "pipe"] },
    );
    const exited = once(child, "exit");
    let url = "";
    for await (const line of createInterface({ input: child.stderr })) {
      url = /serving .* at (http:\/\/\S+\/mcp)/.exec(line)?.[1] ?? "";
      if (url !== "") break;
    }
    child.stderr.resume();
    const initialize = () =>
      fetch(url, {
        method: "POST",
        headers: {
          authorization: `Bearer ${secret}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "initialize",
          params: {
            protocolVersion: "2025-06-18",
            capabilities: {},
            clientInfo: { name: "raw", version: "0" },
          },
        }),
      });

    const first = await initialize();
    await first.body?.cancel();
    const second = await initialize();
    child.kill("SIGTERM");
    await exited;

    expect(first.status).toBe(200);
    expect(second.status).toBe(429);
  });
});
