import { spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { SERVER_BIN } from "./server-bin.js";

export type HttpServer = {
  url: string;
  /** What the server logged so far. */
  log: string[];
  /** SIGTERM, as `docker stop` sends it; resolves with the exit code. */
  stop(): Promise<number | null>;
};

/**
 * `openspec-mcp --http --port 0 <extra>` with tokens required, as a team runs
 * it (docs/deploy.md), in the given environment. Resolves once it logs the URL
 * it listens at; throws with its log if it exits first.
 */
export async function startHttpServer(
  env: Record<string, string>,
  extra: readonly string[] = [],
): Promise<HttpServer> {
  const child = spawn(process.execPath, [SERVER_BIN, "--http", "--port", "0", ...extra], {
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  const exit = once(child, "exit") as Promise<[number | null]>;
  const log: string[] = [];
  const lines = createInterface({ input: child.stderr ?? process.stdin });
  for await (const line of lines) {
    log.push(line);
    const url = /serving .* at (http:\/\/\S+\/mcp)/.exec(line)?.[1];
    if (url === undefined) continue;
    // Keep draining stderr so the server never blocks on a full pipe.
    lines.on("line", (more) => log.push(more));
    return {
      url,
      log,
      async stop() {
        child.kill("SIGTERM");
        return (await exit)[0];
      },
    };
  }
  await exit;
  throw new Error(`waited for openspec-mcp --http to listen, but it exited:\n${log.join("\n")}`);
}

/** The server's session count from `/healthz`, which needs no token. */
export async function sessionCount(server: HttpServer): Promise<number> {
  const health = (await (await fetch(new URL("/healthz", server.url))).json()) as {
    sessions: number;
  };
  return health.sessions;
}
