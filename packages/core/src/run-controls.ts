import type { RunOpenSpecOptions } from "@org/openspec-cli-runner";
import type { RunCliOptions, ToolCallContext } from "./tool-call-context.js";

// Already aborted: the runner answers `cancelled` without starting the CLI.
const aborted = AbortSignal.abort();

/**
 * The runner options for one call's CLI run: its signal (for a command that
 * writes, only as far as the start) and its listener, given the run's messages.
 */
export function runControls(
  call: ToolCallContext,
  options: RunCliOptions = {},
): Pick<RunOpenSpecOptions, "signal" | "onProgress"> {
  const { signal, onProgress } = call;
  const cancellable = options.cancellable !== false;
  return {
    ...(signal === undefined
      ? {}
      : cancellable
        ? { signal }
        : signal.aborted
          ? { signal: aborted }
          : {}),
    ...(onProgress === undefined
      ? {}
      : { onProgress: (progress) => onProgress({ message: progress.message }) }),
  };
}
