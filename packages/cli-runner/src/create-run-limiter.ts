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
   * Whose task it is (a token, or a session without one): freed turns go to
   * the caller holding the fewest, and a caller holding none is not kept
   * waiting by the others' runs (see `createRunLimiter`). Tasks without one
   * share one caller.
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

/** Tasks running now and waiting, in all and per lane; `overflow`: running on an overflow turn. */
export interface RunLimiterStats {
  running: number;
  queued: number;
  overflow: number;
  lanes: Record<RunLane, { running: number; queued: number }>;
}

/**
 * Lets `limit` CLI runs go at once, and up to `overflowLimit` more for callers
 * holding no turn; the others wait in two lanes by expected cost, shared
 * between callers by the turns they hold.
 */
export interface RunLimiter {
  readonly limit: number;
  /** The most `repository` runs that may hold a turn at once: `limit - 1`, at least 1. */
  readonly repositoryLimit: number;
  /** The most overflow turns in use at once (`limit`): so at most `2 × limit` runs. */
  readonly overflowLimit: number;
  /** Runs `task` when its turn comes (see `createRunLimiter`). */
  run<T>(task: () => Promise<T>, options?: RunTurnOptions): Promise<T>;
  stats(): RunLimiterStats;
}

/** One run per core (`os.availableParallelism()`), within 1–`MAX_CLI_CONCURRENCY`. */
export function defaultCliConcurrency(): number {
  return Math.min(MAX_CLI_CONCURRENCY, Math.max(1, availableParallelism()));
}

/** A turn in use: `overflow` until a freed turn takes it into `limit`. */
type Turn = { lane: RunLane; overflow: boolean };

type Ticket = { caller: string; start: (turn: Turn) => void };

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
 *   `limit - 1` of the `limit` turns (at least 1), so with two or more turns
 *   one is always left for cheap calls; when both lanes wait, turns
 *   alternate between them;
 * - within a lane, a freed turn goes to the waiting caller that holds the
 *   fewest turns, callers with as many taking turns round-robin;
 * - a caller holding no turn never waits only because others hold every turn
 *   open to its task (all `limit`, or for a `repository` run all
 *   `repositoryLimit`): it gets an overflow turn at once, so it starts within
 *   one run's time whatever the others' runs do (one token's runs hung on a
 *   FIFO `tasks.md` until the CLI's timeout). At most `overflowLimit`
 *   (`limit`) overflow turns are in use at once, so at most `2 × limit`
 *   runs; a caller holding any turn, an overflow one too, waits in line. An
 *   overflow turn counts in its lane for `stats()` but not against the lane's
 *   cap or the `limit` turns. When one of the `limit` turns frees while an
 *   overflow run goes on, the oldest overflow run that its lane's cap allows
 *   takes that turn (the overflow count shrinks) before new overflow is
 *   granted or the line is served. A caller alone never holds an overflow
 *   turn and keeps every turn: capping each caller at `limit - 1` instead
 *   left a token alone one turn with `limit` 2, and its cheap calls waited
 *   for its own whole-repository runs (the HTTP load benchmark, ten sessions of one token: cheap
 *   calls' p99 0.86 s became 2.96 s);
 * - runs without a caller share one caller, `""`;
 * - a task whose signal aborts while it waits leaves the line at once.
 *
 * A task's own clock (its timeout) starts when it gets its turn. Throws a
 * RangeError for a limit outside 1–`MAX_CLI_CONCURRENCY`: a bug of the caller.
 */
export function createRunLimiter(limit: number = defaultCliConcurrency()): RunLimiter {
  const problem = findSettingProblem("limit", limit, SETTING_BOUNDS.cliConcurrency);
  if (problem !== undefined) throw new RangeError(problem);
  const repositoryLimit = Math.max(1, limit - 1);
  const overflowLimit = limit;
  const lanes = { item: createLane(), repository: createLane() };
  // Runs on one of the `limit` turns, per lane; overflow runs in `overflowTurns`, oldest first.
  const running = { item: 0, repository: 0 };
  const overflowTurns: Turn[] = [];
  const turnsHeld = new Map<string, number>();
  let lastServed: RunLane = "repository";

  const turnsOf: TurnsOf = (caller) => turnsHeld.get(caller) ?? 0;
  const anyone = () => true;
  const holdsNone = (caller: string) => turnsOf(caller) === 0;
  const turnOpen = (lane: RunLane) =>
    running.item + running.repository < limit &&
    (lane === "item" || running.repository < repositoryLimit);
  // The lane served next: of those with an open turn (or, for overflow, without one) and someone to serve.
  const nextLane = (overflow: boolean): RunLane | undefined => {
    const ready = (lane: RunLane) =>
      turnOpen(lane) !== overflow && lanes[lane].canServe(overflow ? holdsNone : anyone);
    const item = ready("item");
    const repository = ready("repository");
    if (item && repository) return lastServed === "item" ? "repository" : "item";
    return item ? "item" : repository ? "repository" : undefined;
  };
  const serve = (overflow: boolean): boolean => {
    const lane = nextLane(overflow);
    const ticket = lane && lanes[lane].take(turnsOf, overflow ? holdsNone : anyone);
    if (lane === undefined || ticket === undefined) return false;
    const turn: Turn = { lane, overflow };
    if (overflow) overflowTurns.push(turn);
    else running[lane] += 1;
    turnsHeld.set(ticket.caller, turnsOf(ticket.caller) + 1);
    lastServed = lane;
    ticket.start(turn);
    return true;
  };
  const startWaiting = () => {
    while (serve(false));
    while (overflowTurns.length < overflowLimit && serve(true));
  };
  // A freed turn of the `limit` goes first to the oldest overflow run its lane allows.
  const takeIntoLimit = () => {
    const index = overflowTurns.findIndex((turn) => turnOpen(turn.lane));
    const turn = overflowTurns[index];
    if (turn === undefined) return;
    overflowTurns.splice(index, 1);
    turn.overflow = false;
    running[turn.lane] += 1;
  };
  const endTurn = (turn: Turn, caller: string) => {
    if (turn.overflow) overflowTurns.splice(overflowTurns.indexOf(turn), 1);
    else {
      running[turn.lane] -= 1;
      takeIntoLimit();
    }
    const turns = turnsOf(caller) - 1;
    if (turns > 0) turnsHeld.set(caller, turns);
    else turnsHeld.delete(caller);
    startWaiting();
  };
  const overflowIn = (lane: RunLane) => overflowTurns.filter((turn) => turn.lane === lane).length;

  return {
    limit,
    repositoryLimit,
    overflowLimit,
    async run(task, options = {}) {
      const lane = options.lane ?? "item";
      const { signal } = options;
      const caller = options.caller ?? "";
      signal?.throwIfAborted();
      const turn = await new Promise<Turn>((resolve, reject) => {
        const ticket: Ticket = {
          caller,
          start: (turn) => {
            signal?.removeEventListener("abort", leave);
            resolve(turn);
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
        endTurn(turn, caller);
      }
    },
    stats: () => ({
      running: running.item + running.repository + overflowTurns.length,
      queued: lanes.item.size + lanes.repository.size,
      overflow: overflowTurns.length,
      lanes: {
        item: { running: running.item + overflowIn("item"), queued: lanes.item.size },
        repository: {
          running: running.repository + overflowIn("repository"),
          queued: lanes.repository.size,
        },
      },
    }),
  };
}
