/**
 * Sends `signal` to every process in the group led by `leaderPid` (a child
 * started with `detached: true` leads its own group), so grandchildren the CLI
 * started are reached too.
 */
export function signalProcessGroup(leaderPid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-leaderPid, signal);
  } catch (error) {
    // ESRCH: the whole group is already gone. EPERM: what is left no longer
    // belongs to us. Neither leaves anything for this runner to do.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ESRCH" && code !== "EPERM") throw error;
  }
}
