import { availableParallelism } from "node:os";
import { findSettingProblem, SETTING_BOUNDS } from "./setting-bounds.js";

/** The most CLI runs a limiter lets run at once, whatever it is asked for. */
export const MAX_CLI_CONCURRENCY = SETTING_BOUNDS.cliConcurrency.max;

/** Lets at most `limit` CLI runs go at once; the others wait their turn, first come first served. */
export interface RunLimiter {
  readonly limit: number;
  /** Runs `task` once fewer than `limit` earlier tasks are still running. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now, and tasks waiting for a turn. */
  stats(): { running: number; queued: number };
}

/** One run per core (`os.availableParallelism()`), within 1–`MAX_CLI_CONCURRENCY`. */
export function defaultCliConcurrency(): number {
  return Math.min(MAX_CLI_CONCURRENCY, Math.max(1, availableParallelism()));
}

/**
 * A first-in, first-out gate for CLI runs. A task's own clock (its timeout)
 * starts when it gets its turn, not when it was queued. Throws a RangeError
 * for a limit outside 1–`MAX_CLI_CONCURRENCY`: that is a bug of the caller.
 */
export function createRunLimiter(limit: number = defaultCliConcurrency()): RunLimiter {
  const problem = findSettingProblem("limit", limit, SETTING_BOUNDS.cliConcurrency);
  if (problem !== undefined) throw new RangeError(problem);
  const queue: Array<() => void> = [];
  let running = 0;
  const release = () => {
    const next = queue.shift();
    if (next === undefined) running -= 1;
    else next(); // The finished task's slot passes straight to the next one.
  };
  return {
    limit,
    async run(task) {
      if (running < limit) running += 1;
      else await new Promise<void>((resolve) => queue.push(resolve));
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ running, queued: queue.length }),
  };
}
