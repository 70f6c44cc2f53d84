import { findTaggedProcesses } from "./find-tagged-processes.js";
import { killKnownProcesses } from "./kill-known-processes.js";
import { listDescendants } from "./list-descendants.js";
import type { ProcessEntry } from "./read-process-table.js";

/**
 * How often a running CLI's descendants are recorded. One snapshot reads every
 * /proc/<pid>/stat (about 15 ms with 120 processes on a busy 2-core machine),
 * so it is rare: most runs end before the first one and pay nothing.
 */
const SNAPSHOT_INTERVAL_MS = 500;

export interface DescendantWatch {
  /**
   * Kills every descendant recorded so far and, with `search`, every process
   * still carrying the run's tag in its environment: what a process-group kill
   * misses (`setsid` escapes). Without `search` it reads no /proc at all.
   */
  killEscaped(options: { search: boolean }): void;
  stop(): void;
}

/**
 * Records the descendants of a running CLI every 500 ms. A descendant's
 * parent pid changes to 1 (or a subreaper) once its parent exits, so by
 * parentage it can only be tied to the run while its parent lives; the search
 * by environment tag at the end finds the ones that kept the run's
 * environment; it runs only when something still holds the output open or the
 * run timed out, because it reads every process's environment (about 25 ms).
 * What is not found: a process that left the group (`setsid`), let go of the
 * output pipes, and whose parent exited before the first snapshot (or, for the
 * search, that was started with a cleared environment).
 */
export function watchDescendants(
  leaderPid: number,
  tag: { variable: string; value: string },
): DescendantWatch {
  const seen = new Map<string, ProcessEntry>();
  const snapshot = () => {
    for (const entry of listDescendants(leaderPid)) {
      seen.set(`${entry.pid}:${entry.startTime}`, entry);
    }
  };
  const timer = setInterval(snapshot, SNAPSHOT_INTERVAL_MS);
  timer.unref();
  return {
    killEscaped({ search }) {
      if (!search) return killKnownProcesses(seen.values());
      snapshot();
      killKnownProcesses([...seen.values(), ...findTaggedProcesses(tag.variable, tag.value)]);
    },
    stop: () => clearInterval(timer),
  };
}
