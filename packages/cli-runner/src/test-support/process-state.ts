import { readFileSync } from "node:fs";
import { expect } from "vitest";
import type { RunResult } from "../run-result.js";

/**
 * Whether `pid` is still a running process. A zombie counts as gone: it has
 * terminated and only waits for a parent (possibly a non-reaping container
 * init) to collect its status. Linux only, via /proc.
 */
export function isProcessRunning(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return false;
  }
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return state !== "Z" && state !== "X";
}

/**
 * The pids still running after up to a minute. A group's SIGKILL reaches each member in turn: a
 * grandchild that has closed its pipes can still be on its way out when a run settles, and on a
 * loaded machine the kernel may schedule it seconds later. The fake CLIs' children sleep 300 s,
 * so one still here after a minute was left behind. The minute is measured on the clock, not
 * counted in 20 ms sleeps (which a loaded machine stretches past the runner's timeout), so the
 * test fails with these pids instead of timing out.
 */
export async function survivingProcesses(pids: number[], withinMs = 60_000): Promise<number[]> {
  const deadline = Date.now() + withinMs;
  while (pids.some(isProcessRunning) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return pids.filter(isProcessRunning);
}

/** The result of a run whose process tree outlived its timeout: SIGKILL to the group, every pid gone. */
export async function expectKilledByTimeout(result: RunResult, pids: number[]): Promise<void> {
  expect(result).toMatchObject({ ok: false, code: "timeout", exit_code: null, signal: "SIGKILL" });
  expect(await survivingProcesses(pids)).toEqual([]);
}
