import { readFileSync } from "node:fs";

/**
 * Kills, by their recorded ids, the fake CLI's process group that a check
 * expected to be gone: a failing check must not leave it running for the
 * rest of the suite.
 */
export function killRecordedFake(pidFile: string): void {
  let pids: number[];
  try {
    pids = readFileSync(pidFile, "utf8").trim().split(" ").map(Number);
  } catch {
    return;
  }
  const [leader] = pids;
  for (const target of [leader === undefined ? undefined : -leader, ...pids]) {
    if (target === undefined || !Number.isSafeInteger(target)) continue;
    try {
      process.kill(target, "SIGKILL");
    } catch {
      // Already gone.
    }
  }
}
