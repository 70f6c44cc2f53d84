import { type ProcessEntry, readProcessEntry } from "./read-process-table.js";

/**
 * SIGKILLs each process that is still the one recorded: same pid and same
 * start time, so a pid the kernel has since given to another program is left alone.
 */
export function killKnownProcesses(entries: Iterable<ProcessEntry>): void {
  for (const entry of entries) {
    if (entry.pid === process.pid) continue;
    if (readProcessEntry(entry.pid)?.startTime !== entry.startTime) continue;
    try {
      process.kill(entry.pid, "SIGKILL");
    } catch {
      // Gone meanwhile, or no longer ours: nothing to end.
    }
  }
}
