import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import type { HostOptions } from "./host-under-test.js";
import { MCP_BIN } from "./open-mcp-host.js";

export type HttpServerOptions = {
  /** Require tokens, as a team runs it, instead of `--no-auth`. */
  tokens?: boolean;
  /** More options for `openspec-mcp --http` (`--max-sessions-per-token 2`). */
  args?: readonly string[];
};

export type SpawnedHttpServer = {
  server: ChildProcess;
  /** The URL it logged once it listened. */
  url: string;
  /** What it has logged so far, one line each. */
  log: string[];
  /** Ends it with SIGTERM, as `docker stop` does; resolves with its exit code. */
  stop(): Promise<number | null>;
};

/**
 * `openspec-mcp --http --port 0` on 127.0.0.1 with every toolset (the default
 * ones for a first run), `--no-auth` unless `tokens`: for the HTTP hosts of
 * both revisions and for the client libraries' checks. Resolves once it logs
 * the URL it listens at; rejects with its log if it exits first.
 */
export async function spawnHttpServer(
  { env, cwd, firstRun }: HostOptions,
  { tokens = false, args = [] }: HttpServerOptions = {},
): Promise<SpawnedHttpServer> {
  const definedEnv = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const server = spawn(
    process.execPath,
    [
      MCP_BIN,
      ...["--http", "--host", "127.0.0.1", "--port", "0"],
      ...(tokens ? [] : ["--no-auth"]),
      // Every tool, unless the host stands for a first run (no settings).
      ...(firstRun ? [] : ["--toolsets", "all"]),
      ...args,
    ],
    { env: definedEnv, cwd, stdio: ["ignore", "ignore", "pipe"] },
  );
  const exited = once(server, "exit") as Promise<[number | null]>;
  const log: string[] = [];
  const url = await listeningUrl(server, log);
  async function stop(): Promise<number | null> {
    if (server.exitCode !== null || server.signalCode !== null) return server.exitCode;
    server.kill("SIGTERM");
    return (await exited)[0];
  }
  return { server, url, log, stop };
}

/** The URL the server logs once it listens; its stderr keeps going to `log` afterwards. */
async function listeningUrl(server: ChildProcess, log: string[]): Promise<string> {
  const lines = createInterface({ input: server.stderr ?? process.stdin });
  for await (const line of lines) {
    log.push(line);
    const url = /serving .* at (http:\/\/\S+\/mcp)/.exec(line)?.[1];
    if (url !== undefined) {
      lines.on("line", (more) => log.push(more));
      return url;
    }
  }
  throw new Error(`openspec-mcp --http did not start: ${log.join("\n")}`);
}
