import { setImmediate } from "node:timers/promises";

/**
 * Runs a reading written as a generator, giving the event loop a turn at
 * each point where it yields, so a server's other callers are answered
 * between its slices. The answer is the one `finishNow` gives at once.
 */
export async function finishInTurns<T>(reading: Iterator<void, T>): Promise<T> {
  for (;;) {
    const step = reading.next();
    if (step.done) return step.value;
    await setImmediate();
  }
}
