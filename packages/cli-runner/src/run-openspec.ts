import { type ConfinedView, confineCommand } from "@org/openspec-confine";
import { buildChildEnv } from "./build-child-env.js";
import { chooseConfinement } from "./confine/choose-confinement.js";
import type { ConfineMode } from "./confine/confine-mode.js";
import { confinedRunView } from "./confine/confined-run-view.js";
import type { OpenSpecLocator } from "./create-openspec-locator.js";
import type { RunLane, RunLimiter } from "./create-run-limiter.js";
import { expectedCost } from "./expected-cost.js";
import { findArgvProblem } from "./find-argv-problem.js";
import { findOpenSpec } from "./find-openspec.js";
import { findWorkdirProblem } from "./find-workdir-problem.js";
import { launchInPool, type OpenSpecPool } from "./pool/create-openspec-pool.js";
import { viewKey } from "./pool/warm-worker.js";
import { resultFromOutcome } from "./result-from-outcome.js";
import {
  DEFAULT_PROGRESS_INTERVAL_MS,
  describeCommand,
  type RunProgress,
  startHeartbeat,
  startWaitingReports,
} from "./run-progress.js";
import type { RunFailure, RunFailureCode, RunResult } from "./run-result.js";
import { findSettingProblem, SETTING_BOUNDS } from "./setting-bounds.js";
import { spawnBounded } from "./spawn-bounded.js";
import type { BoundedSpawnOutcome } from "./supervise-bounded.js";

export interface RunOpenSpecOptions {
  /** The arguments after the binary, e.g. from `listArgs`. Passed as an array, never through a shell. */
  args: readonly string[];
  /** Absolute path of the directory the CLI runs in. */
  workdir: string;
  /** Defaults to 120 000 ms. */
  timeoutMs?: number;
  /** Cap per stream (stdout, stderr); defaults to 1 MiB. */
  maxOutputBytes?: number;
  /** The child's complete environment; defaults to `process.env`. The runner's variables are added on top. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The binary to run. Without it, `locator` (or else `findOpenSpec` on `env` and its `HOME`) finds one. */
  bin?: string;
  /**
   * Runs `bin` as a script with this Node executable instead of executing it,
   * as discovery's `bundled` rule asks (`OpenSpecFound.node`).
   */
  node?: string;
  locator?: OpenSpecLocator;
  /**
   * Warm workers to run the command on (see `createOpenSpecPool`). Used only
   * when the binary is OpenSpec's own JavaScript entry and `env` is the pool's;
   * otherwise, or when a worker fails before the command starts, the command
   * runs cold. The envelope is the same either way.
   */
  pool?: OpenSpecPool;
  /**
   * Waits for a turn here before the CLI starts (see `createRunLimiter`). The
   * timeout counts from the start, not from the queueing; `duration_ms`
   * includes the wait.
   */
  limiter?: RunLimiter;
  /**
   * The limiter lane the run waits in; defaults to the command's expected
   * cost (`repository` for `list`, `validate --all` and the like, else `item`).
   */
  lane?: RunLane;
  /**
   * Who asks (a token, else a session): the limiter shares its turns between
   * callers, and one holding no turn gets an overflow turn when the others
   * hold every turn. Runs without one share one caller.
   */
  caller?: string;
  /**
   * Aborting it stops the run: before the start nothing is spawned; while the
   * CLI runs its process group is killed as on a timeout (a warm worker is
   * killed and replaced). The result is then `ok: false, code: "cancelled"`.
   */
  signal?: AbortSignal;
  /**
   * Told when the run waits for a turn (its place in line and its wait, then
   * every `progressIntervalMs` while it waits), when the CLI starts, and
   * every `progressIntervalMs` while it runs: a heartbeat, not a percentage.
   */
  onProgress?: (progress: RunProgress) => void;
  /** How often `onProgress` hears that the CLI still runs; defaults to 1000 ms. */
  progressIntervalMs?: number;
  /**
   * The source this run may see: where the host can confine a program
   * (bubblewrap on Linux), the CLI runs inside this view, so whatever the
   * repository's settings say, it reads and writes nothing else (see
   * "Confinement" in the README). The CLI's own files and Node are added,
   * read-only. Without it the run is not confined.
   */
  confine?: ConfinedView;
  /**
   * `auto` (default): confine where the host can, else run unconfined;
   * `required`: a run with `confine` that cannot be confined answers
   * `confinement_unavailable`; `off`: never confine.
   */
  confineMode?: ConfineMode;
}

export const DEFAULT_TIMEOUT_MS = 120_000;
export const DEFAULT_MAX_OUTPUT_BYTES = 1024 * 1024;
const KILL_GRACE_MS = 1000;
const CANCELLED_EARLY = "The openspec CLI run was cancelled before it started.";

// A timeout above Node's timer limit would fire at once and end every run.
function findLimitProblem(timeoutMs: number, maxOutputBytes: number): string | undefined {
  return (
    findSettingProblem("timeoutMs", timeoutMs, SETTING_BOUNDS.timeoutMs) ??
    findSettingProblem("maxOutputBytes", maxOutputBytes, SETTING_BOUNDS.maxOutputBytes)
  );
}

async function resolveBin(
  options: RunOpenSpecOptions,
  env: Readonly<Record<string, string | undefined>>,
) {
  if (options.bin !== undefined) {
    return { ok: true as const, path: options.bin, node: options.node };
  }
  if (options.locator !== undefined) return options.locator.find();
  return findOpenSpec({ env, ...(env.HOME === undefined ? {} : { home: env.HOME }) });
}

/** What to execute: the binary itself, or a script under the given Node executable. */
function launchTarget(bin: string, node: string | undefined, args: string[]) {
  return node === undefined ? { file: bin, args } : { file: node, args: [bin, ...args] };
}

/**
 * Runs the OpenSpec CLI once and describes the run in one envelope. Expected
 * failures (no CLI, bad workdir, unsafe argument, timeout, non-zero exit) are
 * values with `ok: false`; the CLI is never started when the request itself is
 * invalid.
 */
export async function runOpenSpec(options: RunOpenSpecOptions): Promise<RunResult> {
  const startedAt = performance.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  const env = options.env ?? process.env;
  const args = [...options.args];
  const elapsed = () => Math.round(performance.now() - startedAt);
  const fail = (command: string[], code: RunFailureCode, error: string): RunFailure => ({
    ok: false,
    code,
    error,
    command,
    workdir: options.workdir,
    exit_code: null,
    signal: null,
    stdout: "",
    stderr: "",
    truncated: false,
    duration_ms: elapsed(),
    diagnostics: [],
  });

  const requestProblem = findArgvProblem(args) ?? findLimitProblem(timeoutMs, maxOutputBytes);
  if (requestProblem !== undefined) {
    return fail(["openspec", ...args], "invalid_argument", requestProblem);
  }
  if (options.signal?.aborted) return fail(["openspec", ...args], "cancelled", CANCELLED_EARLY);
  const bin = await resolveBin(options, env);
  if (!bin.ok) {
    return fail(["openspec", ...args], "openspec_not_found", `${bin.error} ${bin.fix}`);
  }
  const target = launchTarget(bin.path, bin.node, args);
  const command = [target.file, ...target.args];
  const workdirProblem = await findWorkdirProblem(options.workdir);
  if (workdirProblem !== undefined) return fail(command, "invalid_workdir", workdirProblem);
  const confinement = chooseConfinement(options.confine, options.confineMode ?? "auto");
  if (confinement.kind === "unavailable") {
    return fail(command, "confinement_unavailable", confinement.error);
  }
  // `command` stays the CLI's own argv: the confinement is how it runs, not what.
  const view =
    confinement.kind === "confined" && options.confine !== undefined
      ? {
          ...confinedRunView(options.confine, { bin: bin.path, node: bin.node }, env),
          cwd: options.workdir,
        }
      : undefined;
  const confined =
    view !== undefined && confinement.kind === "confined" && options.confine !== undefined
      ? { support: confinement.support, view, key: viewKey(options.confine) }
      : undefined;
  const spawned = confined === undefined ? target : confinedTarget(confined, command);

  const request = {
    ...spawned,
    cwd: options.workdir,
    env: buildChildEnv(env),
    timeoutMs,
    maxOutputBytes,
    killGraceMs: KILL_GRACE_MS,
    signal: options.signal,
  };
  const described = describeCommand(args);
  const progressIntervalMs = options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS;
  let waitedMs: number | undefined;
  const start = async (): Promise<BoundedSpawnOutcome | { kind: "cancelled" }> => {
    // Cancelled while it waited for its turn: the turn passes on, nothing starts.
    if (options.signal?.aborted) return { kind: "cancelled" };
    const stopHeartbeat = startHeartbeat(
      options.onProgress,
      described,
      elapsed,
      progressIntervalMs,
      waitedMs,
    );
    try {
      // The pool puts its own node in front of the binary, so it gets the CLI's arguments only.
      const warm =
        options.pool &&
        (await launchInPool(options.pool, bin.path, { ...request, args }, confined));
      return warm || (await spawnBounded(request));
    } finally {
      stopHeartbeat();
    }
  };
  const outcome = await takeTurn(options, args, start, {
    waiting: (placeInLine) => {
      const queuedAt = elapsed();
      const stopReports = startWaitingReports(
        options.onProgress,
        described,
        elapsed,
        placeInLine,
        progressIntervalMs,
      );
      return () => {
        stopReports();
        waitedMs = elapsed() - queuedAt;
      };
    },
  });
  if (outcome.kind === "cancelled") return fail(command, "cancelled", CANCELLED_EARLY);
  if (outcome.kind === "spawn_failed") {
    return fail(
      command,
      "spawn_failed",
      `The openspec CLI at ${bin.path} could not be started: ${outcome.reason}.`,
    );
  }
  return resultFromOutcome(outcome, {
    command,
    workdir: options.workdir,
    timeoutMs,
    durationMs: elapsed(),
  });
}

/** bwrap, then the command inside the view. */
function confinedTarget(
  confined: { support: Parameters<typeof confineCommand>[0]; view: ConfinedView },
  command: readonly string[],
) {
  const [file, ...args] = confineCommand(confined.support, command, confined.view);
  return { file: file as string, args };
}

/**
 * Runs `start` when the limiter gives the run its turn (at once without a
 * limiter). A run cancelled while it waits leaves the line at once and
 * answers `cancelled`; `waiting` hears when the run has to wait and returns
 * what to do once the wait is over.
 */
async function takeTurn<T>(
  options: RunOpenSpecOptions,
  args: readonly string[],
  start: () => Promise<T>,
  on: { waiting: (placeInLine: () => number) => () => void },
): Promise<T | { kind: "cancelled" }> {
  const { limiter, signal } = options;
  if (limiter === undefined) return start();
  let endWait: (() => void) | undefined;
  try {
    return await limiter.run(
      () => {
        endWait?.();
        return start();
      },
      {
        lane: options.lane ?? expectedCost(args),
        ...(options.caller === undefined ? {} : { caller: options.caller }),
        ...(signal === undefined ? {} : { signal }),
        onWaiting: (placeInLine) => {
          endWait = on.waiting(placeInLine);
        },
      },
    );
  } catch (error) {
    // Only the signal makes a limiter give up a place in line; anything else is a bug.
    if (signal?.aborted && error === signal.reason) {
      endWait?.();
      return { kind: "cancelled" };
    }
    throw error;
  }
}
