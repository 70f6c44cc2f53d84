/**
 * Runs a reading written as a generator to its end at once, ignoring the
 * points where it offers the event loop a turn: what a command-line run, which
 * has no other callers, wants. `finishInTurns` is the server's counterpart.
 */
export function finishNow<T>(reading: Generator<void, T>): T {
  for (;;) {
    const step = reading.next();
    if (step.done) return step.value;
  }
}
