import { spawnSync } from "node:child_process";
import { join } from "node:path";

const CALL_TOOL = join(import.meta.dirname, "..", "workers", "call-tool.mjs");

/**
 * Calls one tool through the library in a process of its own, stopped after a
 * generous deadline, so a call that blocks fails the check instead of stalling
 * the suite. `uid` runs it as another user (the checks run as root).
 */
export function callInProcess(
  tool: string,
  args: Record<string, unknown>,
  env: Record<string, string | undefined>,
  options: { uid?: number; deadlineMs?: number } = {},
): Record<string, unknown> {
  const run = spawnSync(process.execPath, [CALL_TOOL, tool, JSON.stringify(args)], {
    env,
    encoding: "utf8",
    timeout: options.deadlineMs ?? 60_000,
    killSignal: "SIGKILL",
    maxBuffer: 256 * 1024 * 1024,
    // Only root may switch users; anyone else is unprivileged already.
    ...(options.uid === undefined || process.getuid?.() !== 0
      ? {}
      : { uid: options.uid, gid: options.uid }),
  });
  if (run.signal !== null)
    throw new Error(`${tool} did not answer within the deadline (${run.signal})`);
  if (run.status !== 0) throw new Error(`${tool} failed: ${run.stderr.slice(-1000)}`);
  return JSON.parse(run.stdout) as Record<string, unknown>;
}
