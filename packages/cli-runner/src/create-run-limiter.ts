import { availableParallelism } from "node:os";
import { findSettingProblem, SETTING_BOUNDS } from "./setting-bounds.js";

/** The most CLI runs a limiter lets run at once, whatever it is asked for. */
export const MAX_CLI_CONCURRENCY = SETTING_BOUNDS.cliConcurrency.max;

/**
 * What a run is expected to cost: `item` reads one change or spec (or none),
 * `repository` reads every change or spec of the repository.
 */
export type RunLane = "item" | "repository";

/** How one task waits for its turn. */
export interface RunTurnOptions {
  /** Its lane; defaults to `item`. */
  lane?: RunLane;
  /** Whose task it is (a session or token); tasks without one share one caller. */
  caller?: string;
  /** Aborting it while the task waits takes it out of the line at once: `run` rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * Called once, when the task has to wait, with a function that tells its
   * place in its lane's line now (1: next in that lane).
   */
  onWaiting?: (placeInLine: () => number) => void;
}

/** Tasks running now and waiting, in all and per lane. */
export interface RunLimiterStats {
  running: number;
  queued: number;
  lanes: Record<RunLane, { running: number; queued: number }>;
}

/**
 * Lets at most `limit` CLI runs go at once; the others wait in two lanes by
 * expected cost, shared round-robin between callers.
 */
export interface RunLimiter {
  readonly limit: number;
  /** The most `repository` runs that may hold a turn at once: `limit - 1`, at least 1. */
  readonly repositoryLimit: number;
  /** Runs `task` when its turn comes (see `createRunLimiter`). */
  run<T>(task: () => Promise<T>, options?: RunTurnOptions): Promise<T>;
  stats(): RunLimiterStats;
}

/** One run per core (`os.availableParallelism()`), within 1–`MAX_CLI_CONCURRENCY`. */
export function defaultCliConcurrency(): number {
  return Math.min(MAX_CLI_CONCURRENCY, Math.max(1, availableParallelism()));
}

type Ticket = { caller: string; start: () => void };

/**
 * One lane's line: a queue per caller, served one task per caller in turn.
 * The Map's order is the order of service: a served caller moves to the back.
 */
function createLane() {
  const callers = new Map<string, Ticket[]>();
  let size = 0;
  return {
    get size() {
      return size;
    },
    add(ticket: Ticket) {
      const queue = callers.get(ticket.caller);
      if (queue) queue.push(ticket);
      else callers.set(ticket.caller, [ticket]);
      size += 1;
    },
    take(): Ticket | undefined {
      const first = callers.entries().next();
      if (first.done) return undefined;
      const [caller, queue] = first.value;
      const ticket = queue.shift();
      callers.delete(caller);
      if (queue.length > 0) callers.set(caller, queue);
      size -= 1;
      return ticket;
    },
    remove(ticket: Ticket): boolean {
      const queue = callers.get(ticket.caller);
      const index = queue?.indexOf(ticket) ?? -1;
      if (queue === undefined || index < 0) return false;
      queue.splice(index, 1);
      if (queue.length === 0) callers.delete(ticket.caller);
      size -= 1;
      return true;
    },
    /** 1 + the tasks round-robin serves before `ticket`, as the line stands now. */
    placeOf(ticket: Ticket): number {
      const own = callers.get(ticket.caller);
      const round = own?.indexOf(ticket) ?? -1;
      if (own === undefined || round < 0) return 0;
      let before = 0;
      let earlierCaller = true;
      for (const [caller, queue] of callers) {
        if (caller === ticket.caller) {
          earlierCaller = false;
          before += round;
        } else {
          before += Math.min(queue.length, round + (earlierCaller ? 1 : 0));
        }
      }
      return before + 1;
    },
  };
}

/**
 * A gate for CLI runs that keeps a cheap call from waiting behind
 * whole-repository runs and one client's burst from starving another.
 * p-limit and its kin keep one first-in, first-out line with one concurrency
 * count: they cannot hold two lanes with a cap on one of them, serve callers
 * in turn, or tell a waiting task its place, which is exactly what this
 * replaces, so the lines are our own (p-limit serves the plain bounded maps
 * elsewhere: the dashboard's spec index, the folder watcher, the tests):
 *
 * - two lanes, `item` and `repository`; `repository` runs hold at most
 *   `limit - 1` turns (at least 1), so with two or more turns one is always
 *   left for cheap calls; when both lanes wait, turns alternate between them;
 * - within a lane, callers take turns round-robin, one task each;
 * - a task whose signal aborts while it waits leaves the line at once.
 *
 * A task's own clock (its timeout) starts when it gets its turn. Throws a
 * RangeError for a limit outside 1–`MAX_CLI_CONCURRENCY`: a bug of the caller.
 */
export function createRunLimiter(limit: number = defaultCliConcurrency()): RunLimiter {
  const problem = findSettingProblem("limit", limit, SETTING_BOUNDS.cliConcurrency);
  if (problem !== undefined) throw new RangeError(problem);
  const repositoryLimit = Math.max(1, limit - 1);
  const lanes = { item: createLane(), repository: createLane() };
  const running = { item: 0, repository: 0 };
  let lastServed: RunLane = "repository";

  const nextLane = (): RunLane | undefined => {
    const item = lanes.item.size > 0;
    const repository = lanes.repository.size > 0 && running.repository < repositoryLimit;
    if (item && repository) return lastServed === "item" ? "repository" : "item";
    return item ? "item" : repository ? "repository" : undefined;
  };
  const startWaiting = () => {
    while (running.item + running.repository < limit) {
      const lane = nextLane();
      if (lane === undefined) return;
      const ticket = lanes[lane].take();
      if (ticket === undefined) return;
      running[lane] += 1;
      lastServed = lane;
      ticket.start();
    }
  };

  return {
    limit,
    repositoryLimit,
    async run(task, options = {}) {
      const lane = options.lane ?? "item";
      const { signal } = options;
      signal?.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const ticket: Ticket = {
          caller: options.caller ?? "",
          start: () => {
            signal?.removeEventListener("abort", leave);
            resolve();
          },
        };
        const leave = () => {
          if (lanes[lane].remove(ticket)) reject(signal?.reason);
        };
        lanes[lane].add(ticket);
        startWaiting();
        // Still in line: it did not get a turn at once.
        if (lanes[lane].placeOf(ticket) > 0) {
          signal?.addEventListener("abort", leave, { once: true });
          options.onWaiting?.(() => lanes[lane].placeOf(ticket));
        }
      });
      try {
        return await task();
      } finally {
        running[lane] -= 1;
        startWaiting();
      }
    },
    stats: () => ({
      running: running.item + running.repository,
      queued: lanes.item.size + lanes.repository.size,
      lanes: {
        item: { running: running.item, queued: lanes.item.size },
        repository: { running: running.repository, queued: lanes.repository.size },
      },
    }),
  };
}
