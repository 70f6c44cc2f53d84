import { setTimeout as delay } from "node:timers/promises";
import type { LaunchedProcess } from "./launch-bounded.js";
import { signalProcessGroup } from "./signal-process-group.js";

/**
 * Ends a run's whole process group, as a timeout or a cancel does for a cold
 * run and a warm worker alike: SIGTERM, then SIGKILL after `graceMs`.
 */
export async function terminateGroup(
  launched: LaunchedProcess,
  pid: number,
  graceMs: number,
): Promise<void> {
  signalProcessGroup(pid, "SIGTERM");
  await Promise.race([launched.closed, delay(graceMs, undefined, { ref: false })]);
  // Even when the leader obeyed SIGTERM, a grandchild may have ignored it.
  signalProcessGroup(pid, "SIGKILL");
  await Promise.race([launched.closed, delay(graceMs, undefined, { ref: false })]);
  // A process that left the group could still hold our pipes open: stop reading them.
  launched.destroyPipes();
}
