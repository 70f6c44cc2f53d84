/**
 * The host's watchdog: `node host-watchdog.js`, started by the
 * runner once per host with a pipe on stdin. The host writes `+<pgid>` when a
 * CLI process group starts and `-<pgid>` when it ended. When stdin ends, the
 * host is gone (even a SIGKILLed host's pipe closes), and every group still
 * listed gets SIGKILL. It ignores the terminal's SIGINT and SIGHUP so that it
 * outlives a host stopped by them long enough to clean up after it.
 */
import { splitLines } from "./split-lines.js";

const groups = new Set<number>();
const cut = splitLines();

for (const signal of ["SIGINT", "SIGHUP"] as const) process.on(signal, () => {});

function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, "SIGKILL");
  } catch {
    // Already gone, or no longer ours.
  }
}

function killAll(): never {
  for (const pgid of groups) killGroup(pgid);
  process.exit(0);
}

process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  for (const line of cut(chunk)) {
    const pgid = Number(line.slice(1));
    if (!Number.isSafeInteger(pgid) || pgid <= 1) continue;
    if (line.startsWith("+")) groups.add(pgid);
    else if (line.startsWith("-")) groups.delete(pgid);
  }
});
process.stdin.once("end", killAll);
process.stdin.once("error", killAll);
