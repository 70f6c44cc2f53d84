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
  /**
   * Whose task it is (a token, or a session without one); a named caller holds
   * at most `callerLimit` turns. Tasks without one share one caller that is
   * not held back: a host with a single client.
   */
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
 * expected cost, shared between callers by the turns they hold.
 */
export interface RunLimiter {
  readonly limit: number;
  /** The most `repository` runs that may hold a turn at once: `limit - 1`, at least 1. */
  readonly repositoryLimit: number;
  /** The most turns one named caller may hold at once: `limit - 1`, at least 1. */
  readonly callerLimit: number;
  /** Runs `task` when its turn comes (see `createRunLimiter`). */
  run<T>(task: () => Promise<T>, options?: RunTurnOptions): Promise<T>;
  stats(): RunLimiterStats;
}

/** One run per core (`os.availableParallelism()`), within 1–`MAX_CLI_CONCURRENCY`. */
export function defaultCliConcurrency(): number {
  return Math.min(MAX_CLI_CONCURRENCY, Math.max(1, availableParallelism()));
}

type Ticket = { caller: string; start: () => void };

/** How many turns a caller holds now. */
type TurnsOf = (caller: string) => number;

/**
 * One lane's line: a queue per caller. A freed turn goes to the caller that
 * holds the fewest turns now (in both lanes); among equals, to the first in
 * the Map's order, which is round-robin: a served caller moves to the back.
 */
function createLane() {
  const callers = new Map<string, Ticket[]>();
  let size = 0;
  // The caller `take` would serve: fewest turns held, then round-robin order.
  const nextCaller = (
    order: Iterable<string>,
    turnsOf: TurnsOf,
    mayTake: (caller: string) => boolean,
  ): string | undefined => {
    let best: string | undefined;
    let fewest = Number.POSITIVE_INFINITY;
    for (const caller of order) {
      const turns = turnsOf(caller);
      if (turns < fewest && mayTake(caller)) {
        best = caller;
        fewest = turns;
      }
    }
    return best;
  };
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
    /** Whether some waiting caller may take a turn now. */
    canServe(mayTake: (caller: string) => boolean): boolean {
      for (const caller of callers.keys()) if (mayTake(caller)) return true;
      return false;
    },
    take(turnsOf: TurnsOf, mayTake: (caller: string) => boolean): Ticket | undefined {
      const caller = nextCaller(callers.keys(), turnsOf, mayTake);
      const queue = caller === undefined ? undefined : callers.get(caller);
      if (caller === undefined || queue === undefined) return undefined;
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
    /**
     * 1 + the tasks this lane serves before `ticket` if no run ended and every
     * task before it took its turn (0 when it is not in line): the order
     * `take` follows, played out on a copy.
     */
    placeOf(ticket: Ticket, turnsOf: TurnsOf): number {
      const own = callers.get(ticket.caller);
      if (own === undefined || !own.includes(ticket)) return 0;
      const order = [...callers.keys()];
      const served = new Map<string, number>();
      const turnsThen = (caller: string) => turnsOf(caller) + (served.get(caller) ?? 0);
      const left = (caller: string) =>
        (callers.get(caller)?.length ?? 0) - (served.get(caller) ?? 0);
      for (let place = 1; ; place += 1) {
        const caller = nextCaller(order, turnsThen, (candidate) => left(candidate) > 0);
        if (caller === undefined) return 0;
        if (callers.get(caller)?.[served.get(caller) ?? 0] === ticket) return place;
        served.set(caller, (served.get(caller) ?? 0) + 1);
        order.splice(order.indexOf(caller), 1);
        order.push(caller);
      }
    },
  };
}

/**
 * A gate for CLI runs that keeps a cheap call from waiting behind
 * whole-repository runs and one client's burst or hung runs from holding
 * another's back. p-limit and its kin keep one first-in, first-out line with
 * one concurrency count: they cannot hold two lanes with a cap on one of them,
 * share turns between callers, or tell a waiting task its place, which is
 * exactly what this replaces, so the lines are our own (p-limit serves the
 * plain bounded maps elsewhere: the dashboard's spec index, the folder
 * watcher, the tests):
 *
 * - two lanes, `item` and `repository`; `repository` runs hold at most
 *   `limit - 1` turns (at least 1), so with two or more turns one is always
 *   left for cheap calls; when both lanes wait, turns alternate between them;
 * - within a lane, a freed turn goes to the waiting caller that holds the
 *   fewest turns, callers with as many taking turns round-robin;
 * - a named caller holds at most `limit - 1` turns (at least 1,
 *   `callerLimit`), so with two or more turns one is always left for another
 *   caller however long the first one's runs take; runs without a caller are
 *   one client's (a host with a single client), which has no one to leave a
 *   turn for, so they are not held back;
 * - a task whose signal aborts while it waits leaves the line at once.
 *
 * A task's own clock (its timeout) starts when it gets its turn. Throws a
 * RangeError for a limit outside 1–`MAX_CLI_CONCURRENCY`: a bug of the caller.
 */
export function createRunLimiter(limit: number = defaultCliConcurrency()): RunLimiter {
  const problem = findSettingProblem("limit", limit, SETTING_BOUNDS.cliConcurrency);
  if (problem !== undefined) throw new RangeError(problem);
  const repositoryLimit = Math.max(1, limit - 1);
  const callerLimit = Math.max(1, limit - 1);
  const lanes = { item: createLane(), repository: createLane() };
  const running = { item: 0, repository: 0 };
  const turnsHeld = new Map<string, number>();
  let lastServed: RunLane = "repository";

  const turnsOf: TurnsOf = (caller) => turnsHeld.get(caller) ?? 0;
  const mayTake = (caller: string) => caller === "" || turnsOf(caller) < callerLimit;
  const nextLane = (): RunLane | undefined => {
    const item = lanes.item.canServe(mayTake);
    const repository = running.repository < repositoryLimit && lanes.repository.canServe(mayTake);
    if (item && repository) return lastServed === "item" ? "repository" : "item";
    return item ? "item" : repository ? "repository" : undefined;
  };
  const startWaiting = () => {
    while (running.item + running.repository < limit) {
      const lane = nextLane();
      if (lane === undefined) return;
      const ticket = lanes[lane].take(turnsOf, mayTake);
      if (ticket === undefined) return;
      running[lane] += 1;
      turnsHeld.set(ticket.caller, turnsOf(ticket.caller) + 1);
      lastServed = lane;
      ticket.start();
    }
  };
  const endTurn = (lane: RunLane, caller: string) => {
    running[lane] -= 1;
    const turns = turnsOf(caller) - 1;
    if (turns > 0) turnsHeld.set(caller, turns);
    else turnsHeld.delete(caller);
    startWaiting();
  };

  return {
    limit,
    repositoryLimit,
    callerLimit,
    async run(task, options = {}) {
      const lane = options.lane ?? "item";
      const { signal } = options;
      const caller = options.caller ?? "";
      signal?.throwIfAborted();
      await new Promise<void>((resolve, reject) => {
        const ticket: Ticket = {
          caller,
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
        if (lanes[lane].placeOf(ticket, turnsOf) > 0) {
          signal?.addEventListener("abort", leave, { once: true });
          options.onWaiting?.(() => lanes[lane].placeOf(ticket, turnsOf));
        }
      });
      try {
        return await task();
      } finally {
        endTurn(lane, caller);
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
