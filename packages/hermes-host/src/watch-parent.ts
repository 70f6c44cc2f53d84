/**
 * Calls `onOrphaned` once the process that started us is gone (our parent id
 * changes when it dies). Stdin's end usually says the same sooner, but not
 * when another process still holds the pipe open.
 */
export function watchParent(onOrphaned: () => void, intervalMs = 1000): () => void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) onOrphaned();
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
