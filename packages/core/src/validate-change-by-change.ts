import { channel } from "node:diagnostics_channel";
import { once } from "node:events";
import { join } from "node:path";
import type { RunResult } from "@org/openspec-cli-runner";
import {
  composeWholeValidation,
  oneChangeItem,
  type ValidationItem,
} from "./compose-whole-validation.js";
import type { CliQuestion, RunWaiter, SharedAnswer } from "./create-shared-cli-runs.js";
import { fingerprintFolders } from "./fingerprint-folders.js";
import { listChangeFolders } from "./list-change-folders.js";
import { shareNextStart } from "./share-next-start.js";
import type { WholeValidationParts } from "./whole-validation-parts.js";

/** A validation of everything whose report can be brought up to date change by change. */
export type WholeValidationQuestion = CliQuestion & { whole: WholeValidationParts };

/**
 * How many changes written since the last report are validated one by one:
 * up to 4, or one in 40 of the repository's changes when that is more. Past
 * that, one run of everything costs less: on a warm worker a one-change
 * validation of the 1,000-change repository of `pnpm bench` took 64–85 ms
 * against 2.0–2.4 s for everything (the CLI lists every change and walks the
 * specs before its own work), about a thirtieth.
 */
export function mostValidatedOneByOne(changes: number): number {
  return Math.max(4, Math.floor(changes / 40));
}

/** The stat digests a report was made of: the rest, and each change folder's. */
type Digests = { rest: string; changes: Map<string, string> };
type Report = { digests: Digests; result: RunResult; computedAt: string };

export type ChangeByChangeValidation = {
  /**
   * The report of `question` as a fresh run would print it. When the last
   * report of the same question was made of the same rest (main specs,
   * config, the list of changes) and only a few change folders were written
   * since, those changes are validated one by one (`runOne`, shared and kept
   * like any one-change validation) and put in its place; otherwise
   * `runWhole` runs everything. Digests are taken when the call arrives, so
   * a write before the call always counts.
   */
  ask(
    question: WholeValidationQuestion,
    waiter: RunWaiter,
    runWhole: () => Promise<SharedAnswer>,
    runOne: (args: string[]) => Promise<SharedAnswer>,
  ): Promise<SharedAnswer>;
  stats(): { reports: number; composed: number; whole: number; kept: number };
};

/**
 * The name of the diagnostics channel (`node:diagnostics_channel`) on which a
 * validation of everything says it waits for the run of everything under way,
 * with `{ key }`, its question's key: a test, or an operator tracing a team
 * server, sees the wait begin without guessing how long it takes to get there.
 */
export const WAITS_FOR_RUN_UNDER_WAY = "openspec-agent:validation-waits-for-run-under-way";
const waitsForRunUnderWay = channel(WAITS_FOR_RUN_UNDER_WAY);

/** Change folders walked between two returns to the event loop: a few milliseconds of stats. */
const CHANGES_PER_SLICE = 100;

/** The digest of a change folder written within a timestamp tick: it counts as written, always. */
const RACY = "racy";

/** Reports kept at most, one per question (repository and flags); the oldest goes first. */
const MOST_REPORTS = 16;

/**
 * Keeps the last whole validation report of each repository, with the stat
 * digest of each change folder it was made of, so that after an edit of a
 * change (a task ticked, a design rewritten) a validation of everything costs
 * one change's validation instead of every change's: on the 1,000-change
 * repository of `pnpm bench`, 0.19 s against 1.3 s. The answer is exactly what
 * a fresh run prints, apart from the unchanged items' `durationMs` (the
 * differential test in `validate-change-by-change.test.ts`).
 */
export function createChangeByChangeValidation(): ChangeByChangeValidation {
  const reports = new Map<string, Report>();
  const walks = shareNextStart<Digests | null>();
  const wholeRunsInFlight = new Map<string, Promise<SharedAnswer>>();
  const counts = { composed: 0, whole: 0, kept: 0 };

  const keep = (key: string, report: Report) => {
    reports.delete(key);
    reports.set(key, report);
    for (const oldest of reports.keys()) {
      if (reports.size <= MOST_REPORTS) break;
      reports.delete(oldest);
    }
  };

  const digestsOf = (question: WholeValidationQuestion): Promise<Digests | null> =>
    walks(question.key, () => takeDigests(question).catch(() => null));

  const wholeRun = async (
    question: WholeValidationQuestion,
    digests: Digests | null,
    runWhole: () => Promise<SharedAnswer>,
  ): Promise<SharedAnswer> => {
    counts.whole += 1;
    const running = runWhole();
    wholeRunsInFlight.set(question.key, running);
    const answer = await running.finally(() => {
      if (wholeRunsInFlight.get(question.key) === running) wholeRunsInFlight.delete(question.key);
    });
    if (digests !== null && answer.exit_code !== null && answer.signal === null) {
      const { cached: _cached, computed_at: _computedAt, ...result } = answer;
      keep(question.key, {
        digests,
        result: result as RunResult,
        computedAt: answer.computed_at ?? new Date().toISOString(),
      });
    }
    return answer;
  };

  // `waited`: the call already waited for a run of everything in flight; it waits once.
  const answerQuestion = async (
    question: WholeValidationQuestion,
    waiter: RunWaiter,
    runWhole: () => Promise<SharedAnswer>,
    runOne: (args: string[]) => Promise<SharedAnswer>,
    waited: boolean,
  ): Promise<SharedAnswer> => {
    const startedAt = performance.now();
    const digests = await digestsOf(question);
    const earlier = reports.get(question.key);
    // Everything must be validated again. With a run of everything already under way, its
    // report is awaited first and the question asked again against it: on a team server
    // whose sessions keep writing, each run of everything otherwise found more changes
    // written than are worth validating one by one, and queued another run of everything.
    const wholeRunOrWait = async () => {
      const running = wholeRunsInFlight.get(question.key);
      if (waited || running === undefined) return wholeRun(question, digests, runWhole);
      if (!waiter.signal?.aborted) {
        if (waitsForRunUnderWay.hasSubscribers) waitsForRunUnderWay.publish({ key: question.key });
        const waitedEnough = new AbortController();
        await Promise.race([
          running.catch(() => undefined),
          waiter.signal === undefined
            ? running
            : once(waiter.signal, "abort", { signal: waitedEnough.signal }),
        ]).catch(() => undefined);
        waitedEnough.abort();
      }
      return answerQuestion(question, waiter, runWhole, runOne, true);
    };
    if (digests === null || earlier === undefined || earlier.digests.rest !== digests.rest) {
      return wholeRunOrWait();
    }
    const written = [...digests.changes]
      .filter(([name, digest]) => digest === RACY || earlier.digests.changes.get(name) !== digest)
      .map(([name]) => name);
    const gone = [...earlier.digests.changes.keys()].some((name) => !digests.changes.has(name));
    if (!gone && written.length === 0) {
      counts.kept += 1;
      return {
        ...earlier.result,
        duration_ms: Math.round(performance.now() - startedAt),
        cached: true,
        computed_at: earlier.computedAt,
      };
    }
    if (gone || written.length > mostValidatedOneByOne(digests.changes.size)) {
      return wholeRunOrWait();
    }
    const answers = await Promise.all(
      written.map((name) => runOne(question.whole.oneChangeArgs(name))),
    );
    if (waiter.signal?.aborted) return runWhole();
    const fresh = new Map<string, ValidationItem>();
    for (const [index, name] of written.entries()) {
      const answer = answers[index];
      const item = answer === undefined ? undefined : oneChangeItem(answer.stdout, name);
      // A change the CLI will not validate alone (a name it refuses): run everything.
      if (item === undefined || answer?.exit_code !== (item.valid ? 0 : 1)) {
        return wholeRun(question, digests, runWhole);
      }
      fresh.set(name, item);
    }
    const composed = composeWholeValidation(earlier.result.stdout, fresh);
    // The verdict of the whole turned: its envelope (ok, code, error) is the CLI's to give.
    if (composed === undefined || (composed.failed > 0 ? 1 : 0) !== earlier.result.exit_code) {
      return wholeRun(question, digests, runWhole);
    }
    counts.composed += 1;
    const result = {
      ...earlier.result,
      stdout: composed.document,
      duration_ms: Math.round(performance.now() - startedAt),
    } as RunResult;
    keep(question.key, { digests, result, computedAt: new Date().toISOString() });
    return result;
  };
  return {
    ask: (question, waiter, runWhole, runOne) =>
      answerQuestion(question, waiter, runWhole, runOne, false),
    stats: () => ({ reports: reports.size, ...counts }),
  };
}

/**
 * The digests of the rest and of every folder in `changes/`, or null when a
 * walk cannot vouch for what the CLI would read or the rest changed within a
 * timestamp tick. A change folder changed within a tick gets the digest
 * RACY, which counts as written.
 */
async function takeDigests(question: WholeValidationQuestion): Promise<Digests | null> {
  const { changesFolder, rest } = question.whole;
  const restPrint = await fingerprintFolders(question.folder, question.others, undefined, rest);
  if (restPrint === null || restPrint.racy) return null;
  const changes = new Map<string, string>();
  let walked = 0;
  const names = await listChangeFolders(changesFolder);
  if (names === null) return null;
  for (const name of names) {
    // A change folder's walk never reaches the walk's own slice of paths, so the event loop
    // gets its turn here: other calls of a team server are not held for all the changes.
    walked += 1;
    if (walked % CHANGES_PER_SLICE === 0) await new Promise((done) => setImmediate(done));
    const print = await fingerprintFolders(join(changesFolder, name), []);
    if (print === null) return null;
    // A change written within a timestamp tick is validated again, alone, now and on the next
    // call: on a busy team server some change was always being written, and taking that as a
    // reason to run everything made most validations of everything whole runs.
    changes.set(name, print.racy ? RACY : print.digest);
  }
  return { rest: restPrint.digest, changes };
}
