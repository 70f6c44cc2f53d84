import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import type { HostOptions } from "./host-under-test.js";
import { MCP_BIN } from "./open-mcp-host.js";

/**
 * `openspec-mcp --http --port 0 --no-auth` on 127.0.0.1 with every toolset (the default ones for a first run),
 * for the HTTP hosts of both revisions: the process, the URL it logs once it
 * listens, and `stop`, which ends it with SIGTERM and waits for its exit.
 */
export async function spawnHttpServer({ env, cwd, firstRun }: HostOptions) {
  const definedEnv = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const server = spawn(
    process.execPath,
    [
      MCP_BIN,
      ...["--http", "--host", "127.0.0.1", "--port", "0", "--no-auth"],
      // Every tool, unless the host stands for a first run (no settings).
      ...(firstRun ? [] : ["--toolsets", "all"]),
    ],
    { env: definedEnv, cwd, stdio: ["ignore", "ignore", "pipe"] },
  );
  const url = await listeningUrl(server);
  async function stop() {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = once(server, "exit");
      server.kill("SIGTERM");
      await exited;
    }
  }
  return { server, url, stop };
}

/** The URL the server logs once it listens; it keeps draining stderr afterwards. */
async function listeningUrl(server: ChildProcess): Promise<string> {
  const log: string[] = [];
  const lines = createInterface({ input: server.stderr ?? process.stdin });
  for await (const line of lines) {
    log.push(line);
    const url = /serving .* at (http:\/\/\S+\/mcp)/.exec(line)?.[1];
    if (url !== undefined) {
      lines.on("line", () => {});
      return url;
    }
  }
  throw new Error(`openspec-mcp --http did not start: ${log.join("\n")}`);
}
