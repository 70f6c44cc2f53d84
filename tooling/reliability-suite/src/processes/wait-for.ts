import { setTimeout as delay } from "node:timers/promises";

/**
 * The longest an expected event (a process ending, a file appearing, pids being written) may take
 * on a machine at load 20: far above its usual milliseconds, since a wait returns as soon as the
 * event happens. A check is the event itself, never how fast it came.
 */
export const EVENTUALLY_MS = 60_000;

/** Polls `condition` until it holds or `timeoutMs` passes; returns whether it held. */
export async function waitFor(
  condition: () => boolean,
  timeoutMs: number,
  intervalMs = 50,
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (condition()) return true;
    if (Date.now() >= deadline) return false;
    await delay(intervalMs);
  }
}
