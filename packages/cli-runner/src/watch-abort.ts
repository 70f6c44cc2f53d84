/**
 * Calls `onAbort` once when `signal` is aborted, at once if it already is.
 * `stop` forgets the signal, so a long-lived signal does not keep every
 * run's listener.
 */
export function watchAbort(signal: AbortSignal | undefined, onAbort: () => void): { stop(): void } {
  if (signal?.aborted) {
    onAbort();
    return { stop: () => {} };
  }
  signal?.addEventListener("abort", onAbort, { once: true });
  return { stop: () => signal?.removeEventListener("abort", onAbort) };
}
