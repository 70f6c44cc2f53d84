import type { BoundedCollector } from "../bounded-collector.js";
import type { LaunchedProcess, ProcessExit } from "../launch-bounded.js";
import { trackProcessGroup } from "../live-process-groups.js";
import type { BoundedSpawnOutcome, SupervisionLimits } from "../supervise-bounded.js";
import { terminateGroup } from "../terminate-group.js";
import { watchAbort } from "../watch-abort.js";

export interface CommandOutput {
  stdout: BoundedCollector;
  stderr: BoundedCollector;
  /** Called after each chunk that reaches the collectors. */
  listeners: Set<() => void>;
}

export interface SuperviseCommandOptions {
  launched: LaunchedProcess;
  messages: { next(): Promise<string | undefined> };
  ready: Promise<boolean>;
  /** The request line for the worker. */
  request: string;
  limits: SupervisionLimits;
  output: CommandOutput;
  /** Bytes received on each stream since the worker started. */
  received: { stdout: number; stderr: number };
  isAlive(): boolean;
}

/**
 * - `served`: the command finished and the worker lives on for the next one;
 * - `ended`: the command's end was the worker's exit (or the timeout's kill);
 * - `not_started`: the worker failed before the command started, nothing ran.
 */
export type CommandResult =
  | { kind: "served" | "ended"; outcome: BoundedSpawnOutcome }
  | { kind: "not_started" };

/**
 * Hands a warm worker one command and waits for its end under the same
 * deadline and process-group kill as a cold run (counted from the hand-over).
 * The end is either the worker's `done` line, once every byte it says it
 * wrote has arrived, or the worker's exit.
 */
export async function superviseCommand(options: SuperviseCommandOptions): Promise<CommandResult> {
  const { launched, messages, limits, output, received } = options;
  const pid = launched.pid;
  if (pid === undefined) return { kind: "not_started" };
  let termination: Promise<void> | undefined;
  let cancelled = false;
  const timer = setTimeout(() => {
    termination ??= terminateGroup(launched, pid, limits.killGraceMs);
  }, limits.timeoutMs);
  // Cancelling ends the worker as a timeout does; the pool starts a replacement.
  const cancel = watchAbort(limits.signal, () => {
    if (termination !== undefined) return;
    cancelled = true;
    clearTimeout(timer);
    termination = terminateGroup(launched, pid, limits.killGraceMs);
  });
  const untrack = trackProcessGroup(pid);
  const text = (exit: Pick<ProcessExit, "exitCode" | "signal">, ended: boolean) => ({
    kind: "finished" as const,
    ...exit,
    timedOut: ended && !cancelled,
    cancelled: ended && cancelled,
    stdout: output.stdout.text(),
    stderr: output.stderr.text(),
    truncated: output.stdout.truncated || output.stderr.truncated,
  });
  const ended = async (): Promise<CommandResult> => {
    const exit = await launched.closed;
    clearTimeout(timer);
    cancel.stop();
    if (termination !== undefined) await termination;
    untrack();
    return { kind: "ended", outcome: text(exit, termination !== undefined) };
  };

  launched.control?.write(options.request);
  await options.ready;
  if ((await messages.next()) !== "started") {
    const result = await ended();
    // A worker that hung before starting is a timeout like a cold hang, not a retry.
    return termination !== undefined ? result : { kind: "not_started" };
  }
  const done = parseDone(await messages.next());
  if (done !== undefined) {
    const arrived = () => received.stdout >= done.stdout && received.stderr >= done.stderr;
    await until(output, launched, () => arrived() || !options.isAlive());
    if (arrived() && termination === undefined) {
      clearTimeout(timer);
      cancel.stop();
      untrack();
      return { kind: "served", outcome: text({ exitCode: done.exitCode, signal: null }, false) };
    }
  }
  // `last`, a closed channel or a line it should not have said: the command
  // ends with the process, as a cold run does.
  return ended();
}

type Done = { exitCode: number; stdout: number; stderr: number };

function parseDone(line: string | undefined): Done | undefined {
  if (line === undefined || !line.startsWith("done ")) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(line.slice("done ".length));
  } catch {
    return undefined;
  }
  const { exitCode, stdout, stderr } = (value ?? {}) as Record<string, unknown>;
  const count = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;
  return count(exitCode) && count(stdout) && count(stderr)
    ? { exitCode, stdout, stderr }
    : undefined;
}

function until(output: CommandOutput, launched: LaunchedProcess, test: () => boolean) {
  return new Promise<void>((resolve) => {
    const check = () => {
      if (!test()) return;
      output.listeners.delete(check);
      resolve();
    };
    output.listeners.add(check);
    void launched.closed.then(check);
    check();
  });
}
