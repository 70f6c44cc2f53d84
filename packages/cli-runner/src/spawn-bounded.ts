import { setTimeout as delay } from "node:timers/promises";
import { x } from "tinyexec";
import { createBoundedCollector } from "./bounded-collector.js";
import { signalProcessGroup } from "./signal-process-group.js";

export interface BoundedSpawnRequest {
  file: string;
  args: readonly string[];
  cwd: string;
  /** The complete environment; nothing is inherited. */
  env: Record<string, string>;
  timeoutMs: number;
  maxOutputBytes: number;
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
 * Starts one process and waits for it: no shell, stdin closed, each output
 * stream capped at `maxOutputBytes` while it streams (the excess is read and
 * dropped, so memory stays bounded), and on timeout its whole process group is
 * sent SIGTERM and, after `killGraceMs`, SIGKILL.
 *
 * This module is the only place that starts processes, so a different launcher
 * (such as a pool of warm workers) can replace it behind the same outcome type.
 */
export async function spawnBounded(request: BoundedSpawnRequest): Promise<BoundedSpawnOutcome> {
  // tinyexec launches; its own buffering and timeout are not used because they
  // keep all output and kill only the direct child.
  const child = x(request.file, request.args, {
    nodePath: false,
    inheritEnv: false,
    throwOnError: false,
    nodeOptions: {
      cwd: request.cwd,
      env: request.env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    },
  }).process;
  if (child === undefined) return { kind: "spawn_failed", reason: "no process was created" };

  const stdout = createBoundedCollector(request.maxOutputBytes);
  const stderr = createBoundedCollector(request.maxOutputBytes);
  child.stdout?.on("data", stdout.add);
  child.stderr?.on("data", stderr.add);

  let spawnError: Error | undefined;
  child.once("error", (error) => {
    spawnError = error;
  });
  const closed = new Promise<{ exitCode: number | null; signal: NodeJS.Signals | null }>(
    (resolve) => {
      child.once("close", (exitCode, signal) => resolve({ exitCode, signal }));
    },
  );

  const terminateGroup = async (pid: number): Promise<void> => {
    signalProcessGroup(pid, "SIGTERM");
    await Promise.race([closed, delay(request.killGraceMs, undefined, { ref: false })]);
    // Even when the leader obeyed SIGTERM, a grandchild may have ignored it.
    signalProcessGroup(pid, "SIGKILL");
    await Promise.race([closed, delay(request.killGraceMs, undefined, { ref: false })]);
    // A process that escaped the group could still hold our pipes open.
    child.stdout?.destroy();
    child.stderr?.destroy();
  };

  const leaderPid = child.pid;
  let termination: Promise<void> | undefined;
  const timer =
    leaderPid === undefined
      ? undefined
      : setTimeout(() => {
          termination = terminateGroup(leaderPid);
        }, request.timeoutMs);

  const exit = await closed;
  clearTimeout(timer);
  if (termination !== undefined) await termination;
  if (leaderPid === undefined) {
    return { kind: "spawn_failed", reason: spawnError?.message ?? "the process did not start" };
  }
  return {
    kind: "finished",
    exitCode: exit.exitCode,
    signal: exit.signal,
    timedOut: termination !== undefined,
    stdout: stdout.text(),
    stderr: stderr.text(),
    truncated: stdout.truncated || stderr.truncated,
  };
}
