/** What a running CLI call can honestly say about itself: that it waits, started, or still runs. */
export interface RunProgress {
  /** `waiting` for a free CLI slot, `started` once launched, `running` for each heartbeat after. */
  stage: "waiting" | "started" | "running";
  /** One sentence naming the command, e.g. `running openspec validate add-auth`. */
  message: string;
  /** Milliseconds since `runOpenSpec` was called. */
  elapsed_ms: number;
  /** While `waiting`: the run's place in its lane's line (1: next in that lane). */
  queue_position?: number;
  /** While `waiting`, and at `started`: milliseconds the run has waited for its turn. */
  waited_ms?: number;
}

export const DEFAULT_PROGRESS_INTERVAL_MS = 1000;

/**
 * The command as a person would name it: the subcommand and its first
 * positional argument (a change or spec name), never the flags or anything
 * after them, so a message cannot carry a long or private value.
 */
export function describeCommand(args: readonly string[]): string {
  const words = ["openspec"];
  for (const arg of args.slice(0, 2)) {
    if (arg.startsWith("-")) break;
    words.push(arg.length > 80 ? `${arg.slice(0, 80)}…` : arg);
  }
  return words.join(" ");
}

/**
 * Reports `started` now (with `waitedMs`, the time it waited for its turn,
 * when it had to wait) and `running` every `intervalMs` until the returned
 * function is called. A listener that throws is a bug of the host; it must
 * not end the run, so its error is dropped.
 */
export function startHeartbeat(
  onProgress: ((progress: RunProgress) => void) | undefined,
  command: string,
  elapsed: () => number,
  intervalMs: number,
  waitedMs?: number,
): () => void {
  if (onProgress === undefined) return () => {};
  const report = (stage: RunProgress["stage"], verb: string) => {
    try {
      onProgress({
        stage,
        message: `${verb} ${command}`,
        elapsed_ms: elapsed(),
        ...(stage === "started" && waitedMs !== undefined ? { waited_ms: waitedMs } : {}),
      });
    } catch {
      // See above: progress is advice, the run goes on.
    }
  };
  report("started", "running");
  const timer = setInterval(() => report("running", "still running"), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** A wait as a person reads it: `0.4 s`, `12 s`. */
function seconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/**
 * Tells `onProgress` that the run waits for its turn, now and every
 * `intervalMs` until the returned function is called: its place in line and
 * how long it has waited (see `startHeartbeat` on errors).
 */
export function startWaitingReports(
  onProgress: ((progress: RunProgress) => void) | undefined,
  command: string,
  elapsed: () => number,
  placeInLine: () => number,
  intervalMs: number,
): () => void {
  if (onProgress === undefined) return () => {};
  const waitStart = elapsed();
  const report = () => {
    const place = placeInLine();
    if (place < 1) return; // Its turn has come; `started` follows.
    const waited = elapsed() - waitStart;
    try {
      onProgress({
        stage: "waiting",
        message: `waiting to run ${command}: number ${place} in line, waited ${seconds(waited)}`,
        elapsed_ms: elapsed(),
        queue_position: place,
        waited_ms: waited,
      });
    } catch {
      // Progress is advice, the run goes on.
    }
  };
  report();
  const timer = setInterval(report, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
