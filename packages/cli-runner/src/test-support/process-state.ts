import { readFileSync } from "node:fs";

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
