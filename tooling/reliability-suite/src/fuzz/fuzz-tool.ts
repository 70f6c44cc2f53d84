import type { HostUnderTest } from "@org/host-harness";
import fc from "fast-check";
import { withDeadline } from "../processes/with-deadline.js";
import type { Sandbox } from "../sandbox/make-sandbox.js";
import { snapshotTree, treeChanges } from "../sandbox/snapshot-tree.js";
import { findAnswerProblem } from "./find-answer-problem.js";
import { knownBugOf } from "./known-bugs.js";
import { previewValue } from "./preview-value.js";

/** What a fuzz run counted; `knownBugs` counts answers that showed a bug already reported, by its id. */
export type FuzzFigures = { calls: number; slowestMs: number; knownBugs: Record<string, number> };

export type FuzzRequest = {
  host: HostUnderTest;
  tool: string;
  input: fc.Arbitrary<unknown>;
  numRuns: number;
  sandbox: Sandbox;
  /** Longer than the slowest legitimate call: the CLI timeout, its kill grace, and a busy machine. */
  deadlineMs: number;
  figures: FuzzFigures;
  /** Runs before every call, e.g. to put back what the previous call removed. */
  beforeEachCall?: () => Promise<void>;
};

/**
 * Calls one tool through one host with `numRuns` generated inputs. After
 * every call the answer must keep the result contract and nothing outside the
 * repository may have changed. Resolves with null, or with a description of
 * the first input that broke a rule (the seed reproduces the run).
 */
export async function fuzzTool(request: FuzzRequest): Promise<string | null> {
  const { host, tool, sandbox, figures } = request;
  const outsideBefore = snapshotTree(sandbox.root, [sandbox.repo]);
  const details = await fc.check(
    fc.asyncProperty(request.input, async (args) => {
      await request.beforeEachCall?.();
      const started = performance.now();
      const answer = await withDeadline(
        host.call(tool, args),
        request.deadlineMs,
        `${host.name} ${tool}`,
      );
      figures.calls += 1;
      figures.slowestMs = Math.max(figures.slowestMs, Math.round(performance.now() - started));
      const problem = findAnswerProblem(answer);
      const knownBug = problem === null ? null : knownBugOf(answer);
      if (knownBug !== null) figures.knownBugs[knownBug] = (figures.knownBugs[knownBug] ?? 0) + 1;
      else if (problem !== null) throw new Error(problem);
      const changed = treeChanges(outsideBefore, snapshotTree(sandbox.root, [sandbox.repo]));
      if (changed.length > 0) {
        throw new Error(`files outside the repository changed: ${changed.join("; ")}`);
      }
    }),
    // A changed tree stays changed, so shrinking would only blame innocent inputs: report the first one.
    { numRuns: request.numRuns, endOnFailure: true },
  );
  if (!details.failed) return null;
  const error =
    details.errorInstance instanceof Error
      ? details.errorInstance.message
      : String(details.errorInstance);
  return `${host.name} ${tool} failed after ${details.numRuns} runs (seed ${details.seed}, path ${details.counterexamplePath}): ${error}\ninput: ${previewValue(details.counterexample?.[0], 600)}`;
}
