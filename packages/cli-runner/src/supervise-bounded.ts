import { setTimeout as delay } from "node:timers/promises";
import type { CollectedOutput, LaunchedProcess } from "./launch-bounded.js";
import { trackProcessGroup } from "./live-process-groups.js";
import { signalProcessGroup } from "./signal-process-group.js";

export interface SupervisionLimits {
  timeoutMs: number;
  /** How long SIGTERM may take before the group gets SIGKILL. */
  killGraceMs: number;
}

export type BoundedSpawnOutcome =
  | { kind: "spawn_failed"; reason: string }
  | {
      kind: "finished";
      exitCode: number | null;
      signal: NodeJS.Signals | null;
      timedOut: boolean;
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
  const terminateGroup = async (pid: number): Promise<void> => {
    signalProcessGroup(pid, "SIGTERM");
    await Promise.race([closed, delay(limits.killGraceMs, undefined, { ref: false })]);
    // Even when the leader obeyed SIGTERM, a grandchild may have ignored it.
    signalProcessGroup(pid, "SIGKILL");
    await Promise.race([closed, delay(limits.killGraceMs, undefined, { ref: false })]);
    // A process that escaped the group could still hold our pipes open.
    launched.destroyPipes();
  };

  const leaderPid = launched.pid;
  let termination: Promise<void> | undefined;
  const timer =
    leaderPid === undefined
      ? undefined
      : setTimeout(() => {
          termination = terminateGroup(leaderPid);
        }, limits.timeoutMs);

  const untrack = leaderPid === undefined ? undefined : trackProcessGroup(leaderPid);
  const exit = await closed;
  clearTimeout(timer);
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
    timedOut: termination !== undefined,
    stdout: output.stdout.text(),
    stderr: output.stderr.text(),
    truncated: output.stdout.truncated || output.stderr.truncated,
  };
}
