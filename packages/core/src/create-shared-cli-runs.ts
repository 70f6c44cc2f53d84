import type { RunEnvelope, RunOpenSpecOptions, RunResult } from "@org/openspec-cli-runner";
import type { Failure } from "@org/openspec-failure";
import {
  type FolderFingerprint,
  type FolderParts,
  fingerprintFolders,
} from "./fingerprint-folders.js";
import { shareNextStart } from "./share-next-start.js";
import type { WholeValidationParts } from "./whole-validation-parts.js";

/** One CLI question: the same key asks the same thing of the same files. */
export type CliQuestion = {
  /** The binary, its arguments and the workdir (as given and real). */
  key: string;
  /** The argv as run, binary first, and the workdir as given: for the answer of a caller who cancels. */
  command: string[];
  workdir: string;
  /** The folder the command reads (the repository's `openspec/`); it must exist. */
  folder: string;
  /** Other folders the command may read (the user's OpenSpec config and data). */
  others: readonly string[];
  /** The parts of `folder` the command reads, when known to be fewer than all of it. */
  parts?: FolderParts;
  /** For a validation of every change: how to bring its report up to date change by change. */
  whole?: WholeValidationParts;
};

/** How one caller follows a run: its own signal and progress listener. */
export type RunWaiter = Pick<RunOpenSpecOptions, "signal" | "onProgress">;

/** A run's envelope; `cached` and `computed_at` when it comes from an earlier run. */
/**
 * A run refused before the CLI started, because the source would lead the
 * CLI outside it (`findCliEscape`): the run's envelope, nothing run.
 */
export type RefusedCliRun = RunEnvelope &
  Failure<
    | "no_openspec_root"
    | "path_outside_repository"
    | "store_not_allowed"
    | "config_too_structured"
    | "not_a_regular_file"
    | "invalid_input"
    | "invalid_workdir"
  > & { path?: string };

export type SharedAnswer = (RunResult | RefusedCliRun) & { cached?: true; computed_at?: string };

export type SharedCliRunsOptions = {
  /** Answers kept at most; default 64. */
  maxEntries?: number;
  /** Bytes of kept answers (their stdout and stderr as text) at most; default 32 MiB. */
  maxBytes?: number;
};

export type SharedCliRuns = {
  /**
   * The answer to `question`: from the cache while its files are unchanged,
   * else from a run in flight for the same question and files, else from a
   * new `run`. A caller whose signal aborts while it waits gets `cancelled`
   * at once (the run goes on while others wait for it).
   */
  ask(
    question: CliQuestion,
    waiter: RunWaiter,
    run: (controls: RunWaiter) => Promise<RunResult>,
  ): Promise<SharedAnswer>;
  stats(): { entries: number; bytes: number; hits: number; runs: number; joined: number };
};

export const DEFAULT_SHARED_ENTRIES = 64;
export const DEFAULT_SHARED_BYTES = 32 * 1024 * 1024;

type Flight = {
  waiters: Set<RunWaiter>;
  controller: AbortController;
  done: Promise<RunResult>;
};
type Kept = { key: string; result: RunResult; bytes: number; computedAt: string };

function textBytes(result: RunResult): number {
  const stdout = typeof result.stdout === "string" ? result.stdout : JSON.stringify(result.stdout);
  return Buffer.byteLength(stdout) + Buffer.byteLength(result.stderr);
}

/** The answer of a caller who cancelled while it waited for a shared run or a fingerprint. */
function cancelledAnswer(question: CliQuestion, durationMs: number): RunResult {
  return {
    ok: false,
    code: "cancelled",
    error: "The openspec CLI call was cancelled before it had its answer.",
    command: question.command,
    workdir: question.workdir,
    exit_code: null,
    signal: null,
    stdout: "",
    stderr: "",
    truncated: false,
    duration_ms: durationMs,
    diagnostics: [],
  };
}

/** A run that ended on its own (with an exit code), so another run would print the same. */
function reusable(result: RunResult): boolean {
  return result.exit_code !== null && result.signal === null;
}

/**
 * One run per question. Identical read-only CLI calls (same binary,
 * arguments and workdir) of unchanged files share one run while it is in
 * flight, and later ones get its answer, marked `cached: true` with
 * `computed_at`, until any file under the question's folders changes.
 *
 * "Unchanged" is the stat fingerprint of every path under the folders,
 * taken when the call arrives (so a write before the call always misses),
 * by the artifact caches' rules: racy readings (a path changed within a
 * timestamp tick) are never reused or shared. Concurrent callers share a
 * fingerprint walk only when it starts after they arrived.
 *
 * A caller that cancels leaves at once; the run is stopped only when its
 * last waiter has left. Memory: at most `maxEntries` answers and `maxBytes`
 * of their text; the oldest go first, and one question keeps one answer.
 */
export function createSharedCliRuns(options: SharedCliRunsOptions = {}): SharedCliRuns {
  const maxEntries = options.maxEntries ?? DEFAULT_SHARED_ENTRIES;
  const maxBytes = options.maxBytes ?? DEFAULT_SHARED_BYTES;
  const kept = new Map<string, Kept>();
  const inFlight = new Map<string, Flight>();
  const walks = shareNextStart<FolderFingerprint | null>();
  let bytes = 0;
  const counts = { hits: 0, runs: 0, joined: 0 };

  const forget = (id: string) => {
    const entry = kept.get(id);
    if (entry === undefined) return;
    kept.delete(id);
    bytes -= entry.bytes;
  };
  const keep = (id: string, key: string, result: RunResult) => {
    const size = textBytes(result);
    if (size > maxBytes) return;
    // One answer per question: an older one is of files that have changed since.
    for (const [other, entry] of kept) if (entry.key === key) forget(other);
    kept.set(id, { key, result, bytes: size, computedAt: new Date().toISOString() });
    bytes += size;
    for (const oldest of kept.keys()) {
      if (kept.size <= maxEntries && bytes <= maxBytes) break;
      forget(oldest);
    }
  };

  // A walk already under way may have passed a file before the caller wrote
  // it, so a caller shares only the walk that starts next.
  const fingerprint = (question: CliQuestion): Promise<FolderFingerprint | null> =>
    walks(JSON.stringify([question.folder, question.others, question.parts ?? null]), () =>
      fingerprintFolders(question.folder, question.others, undefined, question.parts).catch(
        () => null,
      ),
    );

  const startFlight = (
    id: string,
    key: string,
    run: (controls: RunWaiter) => Promise<RunResult>,
  ): Flight => {
    const controller = new AbortController();
    const waiters = new Set<RunWaiter>();
    const done = run({
      signal: controller.signal,
      onProgress: (progress) => {
        for (const waiter of waiters) {
          try {
            waiter.onProgress?.(progress);
          } catch {
            // A listener that throws is the host's bug; the others still hear.
          }
        }
      },
    }).then((result) => {
      if (inFlight.get(id) === flight) inFlight.delete(id);
      if (!controller.signal.aborted && reusable(result)) keep(id, key, result);
      return result;
    });
    const flight: Flight = { waiters, controller, done };
    inFlight.set(id, flight);
    counts.runs += 1;
    return flight;
  };

  const follow = (
    id: string,
    flight: Flight,
    waiter: RunWaiter,
    cancelled: () => RunResult,
  ): Promise<RunResult> =>
    new Promise((resolve, reject) => {
      const { signal } = waiter;
      const leave = () => {
        if (!flight.waiters.delete(waiter)) return;
        resolve(cancelled());
        if (flight.waiters.size > 0) return;
        if (inFlight.get(id) === flight) inFlight.delete(id);
        flight.controller.abort();
      };
      flight.waiters.add(waiter);
      flight.done.then(
        (result) => {
          signal?.removeEventListener("abort", leave);
          if (flight.waiters.delete(waiter)) resolve({ ...result });
        },
        (error: unknown) => {
          flight.waiters.delete(waiter);
          reject(error);
        },
      );
      if (signal?.aborted) leave();
      else signal?.addEventListener("abort", leave, { once: true });
    });

  return {
    async ask(question, waiter, run) {
      const startedAt = performance.now();
      const elapsed = () => Math.round(performance.now() - startedAt);
      const cancelled = () => cancelledAnswer(question, elapsed());
      const seen = await fingerprint(question);
      if (waiter.signal?.aborted) return cancelled();
      if (seen === null || seen.racy) {
        counts.runs += 1;
        return run(waiter);
      }
      const id = `${question.key}\0${seen.digest}`;
      const hit = kept.get(id);
      if (hit !== undefined) {
        counts.hits += 1;
        kept.delete(id);
        kept.set(id, hit); // The most recently used goes last, the last to be dropped.
        return {
          ...hit.result,
          duration_ms: elapsed(),
          cached: true,
          computed_at: hit.computedAt,
        };
      }
      let flight = inFlight.get(id);
      if (flight === undefined) flight = startFlight(id, question.key, run);
      else counts.joined += 1;
      return follow(id, flight, waiter, cancelled);
    },
    stats: () => ({ entries: kept.size, bytes, ...counts }),
  };
}
