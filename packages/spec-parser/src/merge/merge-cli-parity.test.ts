import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CliMergeOutcome,
  loadCliArchiveMerge,
  type MergeCase,
} from "../test-support/cli-archive-merge.js";
import { mergeCase, trickyMergeCase } from "../test-support/merge-arbitrary.js";
import { applyDeltaSpec } from "./apply-delta-spec.js";

// MERGE_PARITY_RUNS raises the count for a longer hunt; the suite keeps it small.
const RUNS = Number(process.env.MERGE_PARITY_RUNS ?? 200);

let cli: Awaited<ReturnType<typeof loadCliArchiveMerge>>;
beforeAll(async () => {
  cli = await loadCliArchiveMerge();
});
afterAll(() => cli.dispose());

/** Ours in the shape of the CLI's outcome: the file after the archive, or a refusal. */
function ours(input: MergeCase): CliMergeOutcome {
  const result = applyDeltaSpec(input);
  if (!result.ok) return { ok: false, error: result.diagnostics.map((d) => d.message).join("\n") };
  return { ok: true, text: result.text, changed: result.changed };
}

describe("applyDeltaSpec against the CLI's archive steps", () => {
  it("GIVEN generated baselines and deltas combining every operation WHEN merged by both THEN the written bytes are equal, and both refuse the same cases", async () => {
    let refused = 0;
    await fc.assert(
      fc.asyncProperty(mergeCase, async (input) => {
        const expected = await cli.merge(input);
        const actual = ours(input);
        if (!expected.ok) refused++;
        expect({ ok: actual.ok, text: actual.ok ? actual.text : null }).toEqual({
          ok: expected.ok,
          text: expected.ok ? expected.text : null,
        });
      }),
      { numRuns: RUNS },
    );
    // Both outcomes must be exercised, or the property says little.
    expect(refused).toBeGreaterThan(RUNS / 10);
    expect(refused).toBeLessThan(RUNS * 0.95);
  });

  it("GIVEN the same cases with tricky Markdown spliced into baseline and delta WHEN merged by both THEN the outcomes are equal", async () => {
    await fc.assert(
      fc.asyncProperty(trickyMergeCase, async (input) => {
        const expected = await cli.merge(input);
        const actual = ours(input);
        expect({ ok: actual.ok, text: actual.ok ? actual.text : null }).toEqual({
          ok: expected.ok,
          text: expected.ok ? expected.text : null,
        });
      }),
      { numRuns: RUNS },
    );
  });
});
