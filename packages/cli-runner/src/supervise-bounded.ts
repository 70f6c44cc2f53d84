import { setTimeout as delay } from "node:timers/promises";
import { watchDescendants } from "./escapes/watch-descendants.js";
import {
  type CollectedOutput,
  type LaunchedProcess,
  type ProcessExit,
  RUN_TAG_VARIABLE,
} from "./launch-bounded.js";
import { trackProcessGroup } from "./live-process-groups.js";
import { signalProcessGroup } from "./signal-process-group.js";
import { watchAbort } from "./watch-abort.js";

export interface SupervisionLimits {
  timeoutMs: number;
  /** How long SIGTERM may take before the group gets SIGKILL. */
  killGraceMs: number;
  /**
   * Aborting it ends the run the way a timeout does (SIGTERM to the group,
   * SIGKILL after `killGraceMs`), and the outcome says `cancelled`.
   */
  signal?: AbortSignal | undefined;
}

/**
 * How long the output pipes may stay open after the process exited: enough
 * for the kernel to hand over what it wrote, too short to be mistaken for work.
 */
const STREAM_GRACE_MS = 200;

export type BoundedSpawnOutcome =
  | { kind: "spawn_failed"; reason: string }
  | {
      kind: "finished";
      exitCode: number | null;
      signal: NodeJS.Signals | null;
      timedOut: boolean;
      /** Ended because `signal` was aborted; then `timedOut` is false. */
      cancelled: boolean;
      stdout: string;
      stderr: string;
      truncated: boolean;
    };

/**
 * Waits for a launched process under a deadline: on timeout its whole process
 * group is sent SIGTERM and, after `killGraceMs`, SIGKILL. The deadline starts
 * now, so a warm worker is timed from the moment it is handed a command.
 */
export async function superviseBounded(
  launched: LaunchedProcess,
  output: CollectedOutput,
  limits: SupervisionLimits,
): Promise<BoundedSpawnOutcome> {
  const { closed } = launched;
  const leaderPid = launched.pid;
  // Tracked before anything else runs: a host SIGKILLed from here on leaves its
  // watchdog to kill the group (the descendant scan below can take a while).
  const untrack = leaderPid === undefined ? undefined : trackProcessGroup(leaderPid);
  const escapes =
    leaderPid === undefined
      ? undefined
      : watchDescendants(leaderPid, { variable: RUN_TAG_VARIABLE, value: launched.runTag });
  const terminateGroup = async (pid: number): Promise<void> => {
    signalProcessGroup(pid, "SIGTERM");
    await Promise.race([closed, delay(limits.killGraceMs, undefined, { ref: false })]);
    // Even when the leader obeyed SIGTERM, a grandchild may have ignored it.
    signalProcessGroup(pid, "SIGKILL");
    escapes?.killEscaped({ search: true });
    await Promise.race([closed, delay(limits.killGraceMs, undefined, { ref: false })]);
    // A process that escaped the group could still hold our pipes open.
    launched.destroyPipes();
  };

  let termination: Promise<void> | undefined;
  const timer =
    leaderPid === undefined
      ? undefined
      : setTimeout(() => {
          termination ??= terminateGroup(leaderPid);
        }, limits.timeoutMs);
  // A cancelled run takes the timeout's path, so it leaves nothing behind either.
  let cancelled = false;
  const cancel = watchAbort(limits.signal, () => {
    if (leaderPid === undefined || termination !== undefined) return;
    cancelled = true;
    clearTimeout(timer);
    termination = terminateGroup(leaderPid);
  });

  // Nothing the CLI started outlives its run: its group and every descendant
  // seen during the run end with it, however it ended.
  const exit = await endOfRun(launched, (lingering) => {
    if (leaderPid !== undefined) signalProcessGroup(leaderPid, "SIGKILL");
    escapes?.killEscaped({ search: lingering });
  });
  clearTimeout(timer);
  cancel.stop();
  escapes?.stop();
  if (termination !== undefined) await termination;
  untrack?.();
  if (leaderPid === undefined) {
    return {
      kind: "spawn_failed",
      reason: launched.spawnError()?.message ?? "the process did not start",
    };
  }
  return {
    kind: "finished",
    exitCode: exit.exitCode,
    signal: exit.signal,
    timedOut: termination !== undefined && !cancelled,
    cancelled,
    stdout: output.stdout.text(),
    stderr: output.stderr.text(),
    truncated: output.stdout.truncated || output.stderr.truncated,
  };
}

/**
 * The process's exit status once it has exited and its pipes are closed. A
 * CLI that exited while something it started still holds the pipes is done:
 * after a short grace for its last output, `endLeftovers(true)` ends what
 * remains and the pipes are closed from this side. After a clean close it is
 * called with false.
 */
async function endOfRun(
  launched: LaunchedProcess,
  endLeftovers: (lingering: boolean) => void,
): Promise<ProcessExit> {
  const exit = await launched.exited;
  const grace = delay(STREAM_GRACE_MS, "lingering" as const, { ref: false });
  const lingering = (await Promise.race([launched.closed, grace])) === "lingering";
  endLeftovers(lingering);
  if (!lingering) return exit;
  launched.destroyPipes();
  await Promise.race([launched.closed, delay(STREAM_GRACE_MS, undefined, { ref: false })]);
  return exit;
}
