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

/** The result of a run whose process tree outlived its timeout: SIGKILL to the group, every pid gone. */
export function expectKilledByTimeout(result: RunResult, pids: number[]): void {
  expect(result).toMatchObject({ ok: false, code: "timeout", exit_code: null, signal: "SIGKILL" });
  expect(pids.filter(isProcessRunning)).toEqual([]);
}
