import { spawnSync } from "node:child_process";
import { chmodSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { NOBODY } from "@org/test-kit";

/** The script each call runs in, as the user nobody where the test asks for it. */
export const CALL_BUILT_WORKER = join(import.meta.dirname, "call-built.mjs");

type BuiltCall = "showSpec" | "listSpecs" | "context" | "previewChangeArchive";
type CallOptions = { asNobody?: boolean };

/**
 * Calls a function of the built package in a process of its own, stopped
 * after a generous deadline: a read that blocks fails the test instead of
 * hanging the runner. `asNobody` runs it as the user `nobody`, so a file
 * without read permission really cannot be read.
 */
export function callBuilt(
  call: BuiltCall,
  root: string,
  args: Record<string, unknown> = {},
  options: CallOptions = {},
): Record<string, unknown> {
  return callsBuilt(root, [[call, args]], options)[0] as Record<string, unknown>;
}

/**
 * Several calls as `callBuilt` makes one, in order, in one process (a process start costs
 * more than the calls), each on the repository opened afresh. A call that blocks ends them
 * all at the deadline, named as the first without an answer.
 */
export function callsBuilt(
  root: string,
  calls: ReadonlyArray<readonly [BuiltCall, Record<string, unknown>]>,
  options: CallOptions = {},
): Record<string, unknown>[] {
  const run = spawnSync(process.execPath, [CALL_BUILT_WORKER, root, JSON.stringify(calls)], {
    encoding: "utf8",
    timeout: 60_000,
    killSignal: "SIGKILL",
    // Only root may switch users; anyone else is unprivileged already.
    ...(options.asNobody && process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  const answers = run.stdout.split("\n").filter((line) => line !== "");
  const unanswered = calls[answers.length]?.[0] ?? calls.at(-1)?.[0];
  if (run.signal !== null) throw new Error(`${unanswered} did not answer in 60 s (${run.signal})`);
  if (run.status !== 0) throw new Error(`${unanswered} failed: ${run.stderr.slice(-1000)}`);
  return answers.map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Lets every user read a folder the test made (mkdtemp makes it private), so only what a test closes is closed. */
export function openToEveryone(path: string): void {
  const stats = statSync(path);
  if (!stats.isDirectory()) {
    if (stats.isFile()) chmodSync(path, 0o644);
    return;
  }
  chmodSync(path, 0o755);
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (!entry.isSymbolicLink()) openToEveryone(join(path, entry.name));
  }
}
