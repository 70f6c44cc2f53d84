import { spawnSync } from "node:child_process";
import { join } from "node:path";

const CALL_TOOL = join(import.meta.dirname, "..", "workers", "call-tool.mjs");

type CallOptions = { uid?: number; deadlineMs?: number; cwd?: string };

/**
 * Calls one tool through the library in a process of its own, stopped after a
 * generous deadline, so a call that blocks fails the check instead of stalling
 * the suite. `uid` runs it as another user (the checks run as root).
 */
export function callInProcess(
  tool: string,
  args: Record<string, unknown>,
  env: Record<string, string | undefined>,
  options: CallOptions = {},
): Record<string, unknown> {
  return callsInProcess([[tool, args]], env, options)[0] as Record<string, unknown>;
}

/**
 * Calls several tools one after another in one process of their own (each on a fresh
 * catalog), as `callInProcess` does one: a process start costs most of a second, a call
 * milliseconds. The deadline covers them all; a call that blocks is named as the first
 * without an answer.
 */
export function callsInProcess(
  calls: ReadonlyArray<readonly [string, Record<string, unknown>]>,
  env: Record<string, string | undefined>,
  options: CallOptions = {},
): Record<string, unknown>[] {
  const run = spawnSync(process.execPath, [CALL_TOOL, JSON.stringify(calls)], {
    env,
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    encoding: "utf8",
    timeout: options.deadlineMs ?? 60_000,
    killSignal: "SIGKILL",
    maxBuffer: 256 * 1024 * 1024,
    // Only root may switch users; anyone else is unprivileged already.
    ...(options.uid === undefined || process.getuid?.() !== 0
      ? {}
      : { uid: options.uid, gid: options.uid }),
  });
  const answers = run.stdout.split("\n").filter((line) => line !== "");
  const unanswered = calls[answers.length]?.[0] ?? calls.at(-1)?.[0];
  if (run.signal !== null)
    throw new Error(`${unanswered} did not answer within the deadline (${run.signal})`);
  if (run.status !== 0) throw new Error(`${unanswered} failed: ${run.stderr.slice(-1000)}`);
  return answers.map((line) => JSON.parse(line) as Record<string, unknown>);
}
