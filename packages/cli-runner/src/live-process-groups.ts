import { signalProcessGroup } from "./signal-process-group.js";

const live = new Set<number>();
let hooked = false;

/**
 * Remembers a running CLI's process group until `untrack` is called. When the
 * host exits while a run is still going (stdin closed, SIGTERM, its parent
 * gone), every remembered group gets SIGKILL, so no CLI outlives its host.
 * The runs are detached into their own groups, so nothing else would stop them.
 */
export function trackProcessGroup(leaderPid: number): () => void {
  if (!hooked) {
    hooked = true;
    process.once("exit", () => {
      for (const pid of live) signalProcessGroup(pid, "SIGKILL");
    });
  }
  live.add(leaderPid);
  return () => live.delete(leaderPid);
}
