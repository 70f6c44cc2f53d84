import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { isolatedEnvironment, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_BIN, runBin } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

/** What core warns with when a second copy of it loads in a process (`noteCoreCopy`). */
const TWO_CORES = "OPENSPEC_AGENT_TWO_CORES";

/**
 * Resolves with the output once `wanted` matches it; fails at once, naming
 * what it waited for, when the process exits first.
 */
function waitForOutput(
  child: ChildProcessWithoutNullStreams,
  stream: "stdout" | "stderr",
  wanted: RegExp,
  waitingFor: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    child[stream].on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (wanted.test(out)) resolve(out);
    });
    child.once("exit", (code) =>
      reject(new Error(`exited with ${code} before ${waitingFor}: ${out}`)),
    );
  });
}

/** Everything a child writes to stderr, read as it comes. */
function collectStderr(child: ChildProcessWithoutNullStreams): () => string {
  let err = "";
  child.stderr.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  return () => err;
}

describe("one copy of core in each openspec-agent process", () => {
  it("GIVEN the built CLI WHEN `mcp` answers initialize and tools/list over stdio THEN its process held one copy of core: the MCP host runs the bundle's", async () => {
    const { env, home } = isolatedEnvironment();
    const child = spawn(process.execPath, [CLI_BIN, "mcp"], { cwd: home, env });
    const stderr = collectStderr(child);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const listed = waitForOutput(
      child,
      "stdout",
      /\{"result":\{"tools":\[/,
      "tools/list was answered",
    );
    const send = (message: object) =>
      child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
    send({
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "t", version: "0" },
      },
    });
    send({ method: "notifications/initialized" });
    send({ id: 2, method: "tools/list" });
    await listed;
    child.stdin.end();
    await exited;
    expect(stderr()).toContain("serving");
    expect(stderr()).not.toContain(TWO_CORES);
  });

  it("GIVEN a registered repository WHEN `serve` shows a spec THEN its markdown is rendered by the worker beside the bundle, and the process held one copy of core", async () => {
    const { env, home } = isolatedEnvironment();
    const repo = makeOpenSpecRepository(
      {
        "openspec/specs/cart/spec.md":
          "# cart Specification\n\n## Purpose\n\nPeople keep **several things** to buy.\n\n## Requirements\n\n### Requirement: Keep items\n\nThe cart SHALL keep what was added.\n\n#### Scenario: Add\n\n- **WHEN** an item is added\n- **THEN** the cart holds it\n",
      },
      "shop",
    );
    expect(runBin(["sources", "add", repo, "--name", "shop"], { env, cwd: home }).status).toBe(0);
    const child = spawn(process.execPath, [CLI_BIN, "serve", "--port", "0"], { cwd: home, env });
    const stderr = collectStderr(child);
    try {
      const out = await waitForOutput(
        child,
        "stdout",
        /OpenSpec dashboard: http:\/\/127\.0\.0\.1:\d+\//,
        "the dashboard's address was printed",
      );
      const url = /OpenSpec dashboard: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1];
      const page = await (await fetch(`${url}s/shop/specs/cart`)).text();
      expect(page).toContain("<strong>several things</strong>");
    } finally {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    }
    expect(stderr()).not.toContain(TWO_CORES);
  });

  it("GIVEN the built CLI WHEN `hermes install` runs THEN it records the bridge beside its bundle, which answers, and neither process held two copies of core", () => {
    const { env, home } = isolatedEnvironment();
    const hermesHome = join(home, ".hermes");
    const install = runBin(["hermes", "install", "--json", "--hermes-home", hermesHome], {
      env,
      cwd: home,
    });
    expect(install.status, install.stderr).toBe(0);
    expect(install.stderr).not.toContain(TWO_CORES);
    const recorded = JSON.parse(
      readFileSync(join(hermesHome, "plugins", "openspec", "bridge.json"), "utf8"),
    );
    expect(recorded.bridge).toBe(join(CLI_BIN, "..", "..", "dist", "bundle", "bridge.js"));
    const bridge = spawnSync(recorded.node, [recorded.bridge], {
      env,
      encoding: "utf8",
      input:
        '{"id": "start", "op": "ping"}\n{"id": "t1", "tool": "openspec_source_list", "args": {}}\n',
      timeout: 60_000,
    });
    expect(bridge.stdout).toContain('"pong":true');
    expect(bridge.stdout).toContain('"sources":[]');
    expect(bridge.stderr).not.toContain(TWO_CORES);
  });
});
