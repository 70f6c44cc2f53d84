import { type ConfinedView, findConfinement } from "@org/openspec-confine";
import { buildChildEnv } from "../build-child-env.js";
import { confinedRunView } from "../confine/confined-run-view.js";
import { findNodeOnPath } from "../confine/find-node-on-path.js";
import type { BoundedSpawnRequest } from "../spawn-bounded.js";
import type { BoundedSpawnOutcome } from "../supervise-bounded.js";
import { lookUpOpenSpecPackage, type OpenSpecPackage } from "./resolve-openspec-package.js";
import {
  startWarmWorker,
  viewKey,
  type WarmWorker,
  type WorkerConfinement,
} from "./warm-worker.js";

export interface OpenSpecPoolOptions {
  /** How many workers wait, already warm; default 2. */
  size?: number;
  /**
   * The environment the workers start with; default `process.env`. A run is
   * served warm only when its own `env` is the same, since the CLI's
   * dependencies read some variables when imported. `OPENSPEC_AGENT_POOL=0`
   * here turns the pool off.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /**
   * Called once per binary that the pool cannot serve (a wrapper script, a
   * shim that runs its own node), with one sentence saying why; its commands
   * run cold. Hosts log it, so a silently cold pool does not go unnoticed.
   */
  onUnavailable?: (reason: string) => void;
}

export interface OpenSpecPoolStats {
  /** Commands a warm worker ran. */
  warm: number;
  /** Commands that went to a cold spawn: pool off or closed, another binary or env, no worker left. */
  cold: number;
  /** Commands whose worker failed before the command started, then ran cold. */
  fallbacks: number;
  /** Workers waiting now, warm or still importing. */
  waiting: number;
  /** Workers started so far; each serves commands until one leaves it changed (see the README). */
  started: number;
  /**
   * Idle workers killed so that a worker of another source's view could start in their place:
   * on that view's second run without a worker of its own, or when `warm` aims at it.
   */
  retargeted: number;
}

/** Warm OpenSpec workers for `runOpenSpec({ ..., pool })`. */
export interface OpenSpecPool {
  readonly size: number;
  /** False when `OPENSPEC_AGENT_POOL=0` or `size` is 0: every run is cold. */
  readonly enabled: boolean;
  /**
   * Starts the workers for this binary now instead of at the first run, and
   * resolves true once they are all warm (or busy with a command); false when `bin` is not OpenSpec's
   * JavaScript entry, the pool is off or closed, or the workers failed. Like
   * the workers, it does not keep the host alive: a script that awaits only
   * this needs a handle of its own (a server, a timer) to wait for it. With
   * `view`, where the host can confine (see `findConfinement`), the workers
   * start inside it and serve runs given the same `confine` view; the pool
   * then aims its idle workers at that view.
   */
  warm(bin: string, view?: ConfinedView): Promise<boolean>;
  stats(): OpenSpecPoolStats;
  /** Kills the waiting workers and starts no more; commands already running finish. */
  close(): void;
}

/** What `runOpenSpec` needs from a pool; kept off the public type. */
export type PoolLauncher = (
  bin: string,
  request: BoundedSpawnRequest,
  confinement?: WorkerConfinement,
) => Promise<BoundedSpawnOutcome | undefined>;

const launchers = new WeakMap<OpenSpecPool, PoolLauncher>();

/** Runs a request on a warm worker of `pool`, or undefined when it has to run cold. */
export function launchInPool(
  pool: OpenSpecPool,
  bin: string,
  request: BoundedSpawnRequest,
  confinement?: WorkerConfinement,
): Promise<BoundedSpawnOutcome | undefined> {
  return launchers.get(pool)?.(bin, request, confinement) ?? Promise.resolve(undefined);
}

export const DEFAULT_POOL_SIZE = 2;
/** Views remembered as missed once, so a second miss aims a worker at them; the oldest go first. */
const MISSED_VIEWS_KEPT = 64;
/** Workers that die before serving, in a row, after which the pool stops starting them. */
const MAX_CONSECUTIVE_FAILURES = 3;

/**
 * A pool of processes that have already imported the OpenSpec CLI, so a
 * command costs its own work (tens of milliseconds) instead of the CLI's
 * start-up (most of a second). A worker serves commands one after another
 * for as long as each leaves the process as it found it; one that does not
 * ends, and a replacement starts. Workers never keep the host alive and die
 * with it.
 */
export function createOpenSpecPool(options: OpenSpecPoolOptions = {}): OpenSpecPool {
  const size = Math.max(0, Math.floor(options.size ?? DEFAULT_POOL_SIZE));
  const env = buildChildEnv(options.env ?? process.env);
  const envKey = keyOf(env);
  const enabled = size > 0 && env.OPENSPEC_AGENT_POOL !== "0";
  const counts = { warm: 0, cold: 0, fallbacks: 0, started: 0, retargeted: 0 };
  const node = findNodeOnPath(env.PATH) ?? "node";
  // The view new workers start inside: the one the latest run asked for.
  let aimedView: WorkerConfinement | undefined;
  let target: OpenSpecPackage | undefined;
  let waiting: WarmWorker[] = [];
  let failuresInRow = 0;
  let busy = 0;
  let closed = !enabled;
  let exitHooked = false;
  const reported = new Set<string>();
  // The package behind `bin`, or undefined (said once per binary) when a worker cannot stand in for it.
  const packageOf = (bin: string): OpenSpecPackage | undefined => {
    const found = lookUpOpenSpecPackage(bin);
    if (found.ok) return found.pkg;
    if (!reported.has(bin)) {
      reported.add(bin);
      options.onUnavailable?.(found.reason);
    }
    return undefined;
  };

  const killWaiting = () => {
    for (const worker of waiting.splice(0)) worker.kill();
  };
  const topUp = () => {
    const pkg = target;
    if (closed || pkg === undefined) return;
    // Busy workers count: a worker usually comes back after its command, so
    // starting a replacement then would only compete with it for the CPU.
    while (waiting.length + busy < size && failuresInRow < MAX_CONSECUTIVE_FAILURES) {
      const worker = startWarmWorker(
        pkg,
        env,
        aimedView === undefined ? undefined : { ...aimedView, node },
      );
      counts.started += 1;
      waiting.push(worker);
      void worker.closed.then(() => {
        if (!waiting.includes(worker)) return;
        // It died while waiting: killed from outside, or the CLI would not import.
        waiting = waiting.filter((other) => other !== worker);
        if (worker.served() === 0) failuresInRow += 1;
        topUp();
      });
    }
  };
  const aim = (pkg: OpenSpecPackage) => {
    if (target?.identity === pkg.identity) return;
    killWaiting();
    target = pkg;
    failuresInRow = 0;
    if (!exitHooked) process.on("exit", killWaiting);
    exitHooked = true;
  };

  // Views a run asked for once without a worker of its own. A folder asked
  // about once (a one-off repository, a check of a new source) then costs its
  // cold run only; the second miss shows the view is in use, and aims a worker.
  const missedOnce = new Set<string>();
  const missedBefore = (key: string): boolean => {
    if (missedOnce.delete(key)) return true;
    missedOnce.add(key);
    if (missedOnce.size > MISSED_VIEWS_KEPT) {
      for (const oldest of missedOnce) {
        missedOnce.delete(oldest);
        break;
      }
    }
    return false;
  };

  // New workers start inside `confinement`'s view. When none of the idle
  // workers serves it, one of another view is killed to make room: a host
  // that serves one source stays warm, one that serves two keeps a worker for each.
  const aimAtView = (confinement: WorkerConfinement | undefined) => {
    const key = confinement?.key ?? "";
    aimedView = confinement;
    if (waiting.some((worker) => worker.viewKey === key)) return;
    const other = waiting.find((worker) => worker.viewKey !== key);
    if (other === undefined) return;
    waiting = waiting.filter((worker) => worker !== other);
    other.kill();
    counts.retargeted += 1;
  };

  const launch: PoolLauncher = async (bin, request, confinement) => {
    const pkg = closed || keyOf(request.env) !== envKey ? undefined : packageOf(bin);
    if (pkg === undefined) {
      counts.cold += 1;
      return undefined;
    }
    aim(pkg);
    const key = confinement?.key ?? "";
    const mine = waiting.filter((candidate) => candidate.viewKey === key);
    const worker = mine.find((candidate) => candidate.isReady()) ?? mine[0];
    if (worker === undefined) {
      // The view new workers are aimed at already: top up as before. Another view: aim at it on
      // its second miss only, so a folder asked about once never costs a worker's start.
      if (key === (aimedView?.key ?? "") || missedBefore(key)) {
        aimAtView(confinement);
        topUp();
      }
      counts.cold += 1;
      return undefined;
    }
    waiting = waiting.filter((other) => other !== worker);
    busy += 1;
    const outcome = await worker
      .serve({
        cwd: request.cwd,
        argv: [bin, ...request.args],
        timeoutMs: request.timeoutMs,
        killGraceMs: request.killGraceMs,
        maxOutputBytes: request.maxOutputBytes,
        signal: request.signal,
      })
      .finally(() => {
        busy -= 1;
      });
    // A worker that finished cleanly serves the next command; one aimed at an
    // older install (the package changed meanwhile) or a closed pool does not.
    if (worker.isReusable() && !closed && target?.identity === pkg.identity)
      waiting.unshift(worker);
    else if (worker.isReusable()) worker.kill();
    if (outcome === undefined) {
      counts.fallbacks += 1;
      failuresInRow += 1;
    } else {
      counts.warm += 1;
      failuresInRow = 0;
    }
    topUp();
    return outcome;
  };

  const pool: OpenSpecPool = {
    size,
    enabled,
    async warm(bin, view) {
      const pkg = closed ? undefined : packageOf(bin);
      if (pkg === undefined) return false;
      aim(pkg);
      const support = view === undefined ? undefined : findConfinement();
      const confinement =
        view === undefined || !support?.ok
          ? undefined
          : {
              support,
              view: confinedRunView(view, { bin, node: undefined }, env),
              key: viewKey(view),
            };
      aimAtView(confinement);
      // Warming for a view aims every idle worker at it.
      const key = confinement?.key ?? "";
      for (const other of waiting.filter((worker) => worker.viewKey !== key)) {
        waiting = waiting.filter((worker) => worker !== other);
        other.kill();
        counts.retargeted += 1;
      }
      topUp();
      // Workers busy with a command count: they come back when it ends.
      const started = [...waiting];
      const serving = busy;
      const ready = await Promise.all(started.map((worker) => worker.ready));
      return started.length + serving === size && ready.every(Boolean);
    },
    stats: () => ({ ...counts, waiting: waiting.length }),
    close() {
      closed = true;
      killWaiting();
      process.off("exit", killWaiting);
    },
  };
  launchers.set(pool, launch);
  return pool;
}

/** The same environment gives the same key, whatever the order of its variables. */
function keyOf(env: Record<string, string>): string {
  return JSON.stringify(Object.entries(env).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
