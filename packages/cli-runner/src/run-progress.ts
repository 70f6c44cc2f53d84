/** What a running CLI call can honestly say about itself: that it waits, started, or still runs. */
export interface RunProgress {
  /** `waiting` for a free CLI slot, `started` once launched, `running` for each heartbeat after. */
  stage: "waiting" | "started" | "running";
  /** One sentence naming the command, e.g. `running openspec validate add-auth`. */
  message: string;
  /** Milliseconds since `runOpenSpec` was called. */
  elapsed_ms: number;
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
 * Reports `started` now and `running` every `intervalMs` until the returned
 * function is called. A listener that throws is a bug of the host; it must
 * not end the run, so its error is dropped.
 */
export function startHeartbeat(
  onProgress: ((progress: RunProgress) => void) | undefined,
  command: string,
  elapsed: () => number,
  intervalMs: number,
): () => void {
  if (onProgress === undefined) return () => {};
  const report = (stage: RunProgress["stage"], verb: string) => {
    try {
      onProgress({ stage, message: `${verb} ${command}`, elapsed_ms: elapsed() });
    } catch {
      // See above: progress is advice, the run goes on.
    }
  };
  report("started", "running");
  const timer = setInterval(() => report("running", "still running"), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Tells `onProgress` that the run waits for a free slot; see `startHeartbeat` on errors. */
export function reportWaiting(
  onProgress: ((progress: RunProgress) => void) | undefined,
  command: string,
  elapsed: () => number,
): void {
  try {
    onProgress?.({ stage: "waiting", message: `waiting to run ${command}`, elapsed_ms: elapsed() });
  } catch {
    // Progress is advice, the run goes on.
  }
}
