import { setTimeout as delay } from "node:timers/promises";

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
