import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mergeableCase, mostlyMergeableCase } from "../test-support/merge-arbitrary.js";
import { applyDeltaSpec } from "./apply-delta-spec.js";
import { foldName, requirementKey } from "./merge-lines.js";
import { readDeltaPlan } from "./read-delta-plan.js";
import { readRequirementsSection } from "./requirements-section.js";

const RUNS = 400;
/**
 * The least share of generated cases a property must really check (the rest fail to merge and
 * are only counted). A generator change that makes most cases fail would make a property vacuous.
 */
const LEAST_CHECKED = 0.6;

/** Counts the cases a property saw and the ones it checked, and fails a vacuous run. */
function checkedShare() {
  let seen = 0;
  let checked = 0;
  return {
    saw: () => {
      seen += 1;
    },
    checked: () => {
      checked += 1;
    },
    expectEnough: () => {
      expect(seen).toBeGreaterThan(0);
      expect(checked / seen).toBeGreaterThanOrEqual(LEAST_CHECKED);
    },
  };
}

const hasBlankRun = (text: string) => /\n[ \t]*\n[ \t]*\n/.test(text);

/** How many requirement blocks of the merged spec are filed under `name`'s key. */
function copiesOf(text: string, name: string): string[] {
  return readRequirementsSection(text)
    .blocks.filter((block) => requirementKey(block.name) === requirementKey(name))
    .map((block) => block.raw);
}

describe("applyDeltaSpec properties", () => {
  it("GIVEN a well-formed baseline and a delta whose entries all apply WHEN merged THEN the spec holds exactly the kept, renamed and added requirements, in the baseline's order with additions last", () => {
    const share = checkedShare();
    fc.assert(
      fc.property(mergeableCase, ({ input, expectedNames }) => {
        share.saw();
        const result = applyDeltaSpec(input);
        // Removing every requirement leaves a spec the archive refuses, as the CLI does.
        if (expectedNames.length === 0) {
          expect(result.ok).toBe(false);
          return;
        }
        share.checked();
        expect(result.ok, JSON.stringify(!result.ok && result.diagnostics)).toBe(true);
        if (!result.ok) return;
        expect(readRequirementsSection(result.text).blocks.map((block) => block.name)).toEqual(
          expectedNames,
        );
      }),
      { numRuns: RUNS },
    );
    share.expectEnough();
  });

  it("GIVEN a merge that succeeds THEN each applied REMOVED requirement is gone and each applied ADDED one is there once, as the delta wrote it", () => {
    const share = checkedShare();
    fc.assert(
      fc.property(mostlyMergeableCase, (input) => {
        share.saw();
        const result = applyDeltaSpec(input);
        if (!result.ok) return;
        share.checked();
        const plan = readDeltaPlan(input.delta);
        for (const operation of result.operations) {
          if (!operation.applied) continue;
          if (operation.operation === "REMOVED") {
            expect(copiesOf(result.text, operation.name)).toEqual([]);
          }
          if (operation.operation === "ADDED") {
            const added = plan.added.find((block) => block.name === operation.name)!;
            expect(copiesOf(result.text, operation.name)).toHaveLength(1);
            // A blank run in the block is collapsed with the rest of the file.
            if (!hasBlankRun(added.raw)) {
              expect(result.text.replace(/\r\n/g, "\n")).toContain(added.raw.trim());
            }
          }
        }
      }),
      { numRuns: RUNS },
    );
    share.expectEnough();
  });

  it("GIVEN a merge that succeeds THEN there is one operation per delta entry, in the order RENAMED, REMOVED, MODIFIED, ADDED", () => {
    const rank = { RENAMED: 0, REMOVED: 1, MODIFIED: 2, ADDED: 3 };
    const share = checkedShare();
    fc.assert(
      fc.property(mostlyMergeableCase, (input) => {
        share.saw();
        const result = applyDeltaSpec(input);
        if (!result.ok) return;
        share.checked();
        const plan = readDeltaPlan(input.delta);
        const entries =
          plan.added.length + plan.modified.length + plan.removed.length + plan.renamed.length;
        expect(result.operations).toHaveLength(entries);
        const ranks = result.operations.map((operation) => rank[operation.operation]);
        expect(ranks).toEqual([...ranks].sort());
      }),
      { numRuns: RUNS },
    );
    share.expectEnough();
  });

  // Two kinds of delta are not idempotent in the CLI either: a block with a
  // blank run (the merge collapses it, so the second ADDED differs from what
  // the first wrote), and one naming a requirement twice, in case or spacing
  // variants (ADDED `login` and REMOVED `Login` into a new spec: the second
  // time, the REMOVED meets `login` and is refused as a typo; the same with
  // `Login` and `login` both in the baseline), and a chain of renames that
  // comes back to where it started. Nor is a baseline with a heading that
  // has no text (`## ` after the requirements): the first merge keeps it
  // as `##`, the second drops it, in the CLI as here.
  it("GIVEN a merged spec WHEN the same delta is merged into it again THEN nothing changes", () => {
    const share = checkedShare();
    fc.assert(
      fc.property(mostlyMergeableCase, (input) => {
        fc.pre(!hasBlankRun(input.delta.replace(/\r\n?/g, "\n")));
        fc.pre(!/^#{1,6}[ \t]*\r?$/m.test(input.baseline ?? ""));
        const plan = readDeltaPlan(input.delta);
        const added = plan.added.map((block) => foldName(block.name));
        const removed = plan.removed.map((entry) => foldName(entry.name));
        const renamed = plan.renamed.flatMap((rename) => [
          foldName(rename.from),
          foldName(rename.to),
        ]);
        const existing = readRequirementsSection(input.baseline ?? "").blocks.map((block) =>
          foldName(block.name),
        );
        fc.pre(new Set(existing).size === existing.length);
        fc.pre(
          new Set([...added, ...removed, ...renamed]).size ===
            added.length + removed.length + renamed.length,
        );
        share.saw();
        const first = applyDeltaSpec(input);
        if (!first.ok) return;
        share.checked();
        const again = applyDeltaSpec({ ...input, baseline: first.text });
        expect(again.ok && again.changed).toBe(false);
        expect(again.ok && again.text).toBe(first.text);
      }),
      { numRuns: RUNS },
    );
    share.expectEnough();
  });

  it("GIVEN a CRLF baseline WHEN a change is written THEN every line break is CRLF, and a spec left alone keeps its bytes", () => {
    const share = checkedShare();
    fc.assert(
      fc.property(mostlyMergeableCase, (input) => {
        fc.pre(input.baseline?.includes("\r\n") === true);
        share.saw();
        const result = applyDeltaSpec(input);
        if (!result.ok) return;
        share.checked();
        if (!result.changed) {
          expect(result.text).toBe(input.baseline);
          return;
        }
        const crlf = input.baseline!.split("\r\n").length - 1;
        const lf = input.baseline!.split("\n").length - 1 - crlf;
        if (crlf >= lf) expect(result.text.replace(/\r\n/g, "")).not.toContain("\n");
      }),
      { numRuns: RUNS },
    );
    share.expectEnough();
  });
});
