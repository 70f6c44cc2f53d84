import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { PUBLISHED_BIN, serverEnvironment } from "./sandbox.js";

export type HttpProcess = { child: ChildProcess; url: string; home: string; log: string[] };

/**
 * `openspec-mcp --http --port 0 <extra>` in a home of its own, with the real
 * CLI, from `bin` (the published bin unless given); `extraEnv` adds to its
 * environment (a registry URL, another CLI), `environment` replaces it.
 * Resolves with the URL it logs once it listens.
 */
export async function startHttpProcess(
  extra: readonly string[] = [],
  options: {
    extraEnv?: Record<string, string>;
    environment?: { home: string; env: Record<string, string> };
    bin?: string;
  } = {},
): Promise<HttpProcess> {
  const { home, env } =
    options.environment ?? serverEnvironment({ cli: true, extra: options.extraEnv ?? {} });
  const child = spawn(
    process.execPath,
    [options.bin ?? PUBLISHED_BIN, "--http", "--port", "0", ...extra],
    {
      env,
      stdio: ["ignore", "ignore", "pipe"],
    },
  );
  const log: string[] = [];
  const lines = createInterface({ input: child.stderr ?? process.stdin });
  const exited = once(child, "exit").then(() => undefined);
  for await (const line of lines) {
    log.push(line);
    const url = /serving .* at (http:\/\/\S+\/mcp)/.exec(line)?.[1];
    if (url !== undefined) {
      // Keep draining stderr so the server never blocks on a full pipe.
      lines.on("line", (more) => log.push(more));
      return { child, url, home, log };
    }
  }
  await exited;
  throw new Error(`openspec-mcp --http did not start: ${log.join("\n")}`);
}

/** SIGTERM, then the exit code (null when a signal ended it). */
export async function stopHttpProcess(server: HttpProcess): Promise<number | null> {
  // Ended already (a test killed it): there is no exit to wait for.
  if (server.child.exitCode !== null || server.child.signalCode !== null) {
    return server.child.exitCode;
  }
  const exited = once(server.child, "exit");
  server.child.kill("SIGTERM");
  const [code] = (await exited) as [number | null];
  return code;
}
