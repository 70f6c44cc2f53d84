import { constants } from "node:os";
import { killLiveProcessGroups } from "./live-process-groups.js";

/** The signals that end a host: the terminal's Ctrl-C, a stop request, a closed terminal. */
export const HOST_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
export type HostSignal = (typeof HOST_SIGNALS)[number];

/**
 * Makes every signal that ends a host end its CLI runs first. Node's default
 * for these signals exits without running `exit` handlers, so the CLI process
 * groups would outlive the host under PID 1. On each signal: SIGKILL to every
 * running CLI group, then `stop(signal)`, which by default exits with 128 + the
 * signal's number (`exit` handlers then close the warm pool). A host with its
 * own graceful stop passes it as `stop`; it must end the process. Returns a
 * function that removes the handlers.
 */
export function exitOnHostSignals(
  stop: (signal: HostSignal) => void = (signal) => process.exit(128 + constants.signals[signal]),
): () => void {
  const handler = (signal: HostSignal) => {
    killLiveProcessGroups();
    stop(signal);
  };
  for (const signal of HOST_SIGNALS) process.on(signal, handler);
  return () => {
    for (const signal of HOST_SIGNALS) process.off(signal, handler);
  };
}
