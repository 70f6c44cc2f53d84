import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";

/**
 * The longest an expected event (a process writing its pids, a host exiting)
 * may take on a machine at load 20: far above its usual milliseconds, far
 * below the runner's 180 s, so a wait that runs out fails with its own message.
 */
export const EVENTUALLY_MS = 60_000;

/**
 * A shell line that writes `$$ $!` (the script's pid and its last background
 * child's) to `path` whole: written beside it, then renamed. A plain
 * `echo > path` creates the file empty before it writes, so a watcher that
 * acts on the file's existence (a host that exits once the CLI has started)
 * can act between the two, kill the writer, and leave the file empty forever.
 */
export function writePidsLine(path: string): string {
  return `echo "$$ $!" > "${path}.partial" && mv "${path}.partial" "${path}"`;
}

/**
 * The space-separated pids a test process writes to `path`, once it has
 * written them. Fails fast, naming the file, when `writer` (the process
 * expected to make it, or its host) exits first, or after `timeoutMs`.
 */
export async function waitForPids(
  path: string,
  options: { writer?: ChildProcess; timeoutMs?: number } = {},
): Promise<number[]> {
  const deadline = Date.now() + (options.timeoutMs ?? EVENTUALLY_MS);
  for (;;) {
    const text = existsSync(path) ? readFileSync(path, "utf8").trim() : "";
    if (text !== "") return text.split(" ").map(Number);
    const writer = options.writer;
    if (writer !== undefined && (writer.exitCode !== null || writer.signalCode !== null)) {
      // One last look: the file may have been written just before the exit.
      const last = existsSync(path) ? readFileSync(path, "utf8").trim() : "";
      if (last !== "") return last.split(" ").map(Number);
      throw new Error(
        `pid ${writer.pid} exited (${writer.exitCode ?? writer.signalCode}) without writing pids to ${path}`,
      );
    }
    if (Date.now() >= deadline) {
      throw new Error(`no pids in ${path} within ${options.timeoutMs ?? EVENTUALLY_MS} ms`);
    }
    await delay(20);
  }
}

/** How `child` exited, or a rejection naming it once `timeoutMs` passes first. */
export async function exitOf(
  child: ChildProcess,
  timeoutMs = EVENTUALLY_MS,
): Promise<[number | null, NodeJS.Signals | null]> {
  const deadline = Date.now() + timeoutMs;
  while (child.exitCode === null && child.signalCode === null) {
    if (Date.now() >= deadline) {
      throw new Error(`pid ${child.pid} did not exit within ${timeoutMs} ms`);
    }
    await delay(20);
  }
  return [child.exitCode, child.signalCode];
}
