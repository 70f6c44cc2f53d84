import { availableParallelism } from "node:os";

/** The most CLI runs a limiter lets run at once, whatever it is asked for. */
export const MAX_CLI_CONCURRENCY = 64;

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
 * Reads a concurrency setting such as `OPENSPEC_AGENT_CLI_CONCURRENCY`: a
 * whole number from 1 to `MAX_CLI_CONCURRENCY`. Anything else is refused with
 * the reason, so a host can say why it kept the default.
 */
export function parseCliConcurrency(
  value: string | number | undefined,
): { ok: true; value: number } | { ok: false; reason: string } {
  const parsed = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof parsed === "number" && Number.isInteger(parsed)) {
    if (parsed >= 1 && parsed <= MAX_CLI_CONCURRENCY) return { ok: true, value: parsed };
  }
  return {
    ok: false,
    reason: `CLI concurrency must be a whole number from 1 to ${MAX_CLI_CONCURRENCY}, got ${JSON.stringify(value ?? null)}.`,
  };
}

/**
 * A first-in, first-out gate for CLI runs. A task's own clock (its timeout)
 * starts when it gets its turn, not when it was queued. Throws a RangeError
 * for a limit outside 1–`MAX_CLI_CONCURRENCY`: that is a bug of the caller.
 */
export function createRunLimiter(limit: number = defaultCliConcurrency()): RunLimiter {
  const checked = parseCliConcurrency(limit);
  if (!checked.ok) throw new RangeError(checked.reason);
  const queue: Array<() => void> = [];
  let running = 0;
  const release = () => {
    const next = queue.shift();
    if (next === undefined) running -= 1;
    else next(); // The finished task's slot passes straight to the next one.
  };
  return {
    limit: checked.value,
    async run(task) {
      if (running < checked.value) running += 1;
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
