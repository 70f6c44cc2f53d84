import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { isolatedEnvironment, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_BIN } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

/** `openspec-agent mcp --http --port 0 <extra>` in the home; resolves once it logs its URL. */
async function serveOverHttp(
  env: Record<string, string | undefined>,
  home: string,
  extra: string[] = [],
) {
  const child = spawn(process.execPath, [CLI_BIN, "mcp", "--http", "--port", "0", ...extra], {
    env,
    cwd: home,
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exited = once(child, "exit");
  let url = "";
  let startLine = "";
  for await (const line of createInterface({ input: child.stderr })) {
    url = /serving .* at (http:\/\/\S+\/mcp)/.exec(line)?.[1] ?? "";
    startLine = line;
    if (url !== "") break;
  }
  child.stderr.resume();
  return {
    url,
    startLine,
    async stop(): Promise<number | null> {
      child.kill("SIGTERM");
      const [code] = await exited;
      return code as number | null;
    },
  };
}

describe("openspec-agent mcp --http", () => {
  it("GIVEN mcp --http --port 0 WHEN it listens THEN /healthz answers, a request without a token gets 401, and SIGTERM exits 0", async () => {
    const { home, env } = isolatedEnvironment();
    const server = await serveOverHttp(env, home);

    const health = await fetch(server.url.replace("/mcp", "/healthz"));
    const refused = await fetch(server.url, { method: "POST", body: "{}" });
    const code = await server.stop();

    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    expect(await health.json()).toMatchObject({ registry_readable: true });
    expect(refused.status).toBe(401);
    expect(code).toBe(0);
  });

  it("GIVEN no toolsets setting WHEN mcp --http starts THEN its start-up line says how many tools a session gets by default, of how many", async () => {
    const { home, env } = isolatedEnvironment();
    const server = await serveOverHttp(env, home);
    await server.stop();
    const [, perSession, all] =
      /serving (\d+) tools a session \(toolsets read, author, lifecycle\) of (\d+) at /.exec(
        server.startLine,
      ) ?? [];
    expect(server.startLine).toContain("tools a session");
    expect(Number(perSession)).toBeGreaterThan(0);
    expect(Number(perSession)).toBeLessThan(Number(all));
  });

  it("GIVEN mcp --http --max-sessions-per-token 1 and a token whose session holds its stream open WHEN the token initializes again THEN it gets 429", async () => {
    const { home, env } = isolatedEnvironment();
    const created = spawnSync(
      process.execPath,
      [CLI_BIN, "tokens", "create", "--name", "ci", "--json"],
      { env, cwd: home, encoding: "utf8" },
    );
    const secret = (JSON.parse(created.stdout) as { secret: string }).secret;
    const server = await serveOverHttp(env, home, ["--max-sessions-per-token", "1"]);
    const initialize = () =>
      fetch(server.url, {
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
    // A session with its stream open is in use; an idle one would give way to the new one.
    const streaming = new AbortController();
    const stream = await fetch(server.url, {
      headers: {
        authorization: `Bearer ${secret}`,
        accept: "text/event-stream",
        "mcp-session-id": first.headers.get("mcp-session-id") ?? "",
        "mcp-protocol-version": "2025-06-18",
      },
      signal: streaming.signal,
    });
    const second = await initialize();
    streaming.abort();
    await server.stop();

    expect(first.status).toBe(200);
    expect(stream.status).toBe(200);
    expect(second.status).toBe(429);
  });
});
