import { setTimeout as delay } from "node:timers/promises";
import type { CollectedOutput, LaunchedProcess, ProcessExit } from "./launch-bounded.js";
import { trackProcessGroup } from "./live-process-groups.js";
import { signalProcessGroup } from "./signal-process-group.js";
import { terminateGroup } from "./terminate-group.js";
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
  const leaderPid = launched.pid;
  // Tracked in the same synchronous step as the launch: a host SIGKILLed from
  // here on leaves its watchdog to kill the group.
  const untrack = leaderPid === undefined ? undefined : trackProcessGroup(leaderPid);

  let termination: Promise<void> | undefined;
  const timer =
    leaderPid === undefined
      ? undefined
      : setTimeout(() => {
          termination ??= terminateGroup(launched, leaderPid, limits.killGraceMs);
        }, limits.timeoutMs);
  // A cancelled run takes the timeout's path, so it leaves nothing behind either.
  let cancelled = false;
  const cancel = watchAbort(limits.signal, () => {
    if (leaderPid === undefined || termination !== undefined) return;
    cancelled = true;
    clearTimeout(timer);
    termination = terminateGroup(launched, leaderPid, limits.killGraceMs);
  });

  // Nothing the CLI started in its group outlives its run, however it ended.
  const exit = await endOfRun(launched, () => {
    if (leaderPid !== undefined) signalProcessGroup(leaderPid, "SIGKILL");
  });
  clearTimeout(timer);
  cancel.stop();
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
 * after a short grace for its last output, `endLeftovers` ends what remains and
 * the pipes are closed from this side. After a clean close it runs too.
 */
async function endOfRun(launched: LaunchedProcess, endLeftovers: () => void): Promise<ProcessExit> {
  const exit = await launched.exited;
  const grace = delay(STREAM_GRACE_MS, "lingering" as const, { ref: false });
  const lingering = (await Promise.race([launched.closed, grace])) === "lingering";
  endLeftovers();
  if (!lingering) return exit;
  launched.destroyPipes();
  await Promise.race([launched.closed, delay(STREAM_GRACE_MS, undefined, { ref: false })]);
  return exit;
}
