import { setImmediate } from "node:timers/promises";

/**
 * A pause to call once per unit of synchronous work: every `count`th call
 * gives the event loop a turn, so a listing of thousands of folders (read
 * with the synchronous calls, which cost a fraction of the asynchronous
 * ones) never holds a server's other callers for more than a slice.
 */
export function yieldEvery(count: number): () => Promise<void> | undefined {
  let calls = 0;
  return () => {
    calls += 1;
    return calls % count === 0 ? setImmediate() : undefined;
  };
}
