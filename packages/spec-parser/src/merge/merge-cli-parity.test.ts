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

/**
 * The CLI's refusal less the change-level sentence validate adds when no delta
 * is left in the whole change: a change's other specs decide that, so one
 * spec's merge leaves it out.
 */
function specLevel(error: string): string {
  return error
    .split("\n")
    .filter((line) => !line.startsWith("Change must have at least one delta."))
    .join("\n");
}

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

const requirement = (name: string) =>
  `### Requirement: ${name}\nThe system SHALL ${name.toLowerCase()}.\n\n#### Scenario: ${name} works\n- **WHEN** used\n- **THEN** it works\n`;
const BASELINE = `# Auth Specification\n\n## Purpose\nWho may sign in, and how, for every client of the service.\n\n## Requirements\n${requirement("Login")}\n${requirement("Logout")}`;

describe("applyDeltaSpec refuses in the archive's own sentences", () => {
  it.each([
    [
      "a delta without delta headers",
      `# Auth\n\nNotes only.\n\n${requirement("Passkeys")}`,
      BASELINE,
    ],
    ["a delta without delta headers, for a new spec", "## Notes\nNothing here.\n", null],
    [
      "a delta whose only delta header sits in a code fence",
      "## Notes\n\n```md\n## ADDED Requirements\n```\n",
      BASELINE,
    ],
    ["an ADDED section without requirements", "## ADDED Requirements\n\nNothing yet.\n", BASELINE],
    [
      "an ADDED requirement without a scenario",
      "## ADDED Requirements\n### Requirement: Passkeys\nThe system SHALL accept passkeys.\n",
      BASELINE,
    ],
    [
      "a MODIFIED requirement the baseline lacks",
      `## MODIFIED Requirements\n${requirement("Passkeys")}`,
      BASELINE,
    ],
    [
      "a MODIFIED requirement without a baseline",
      `## MODIFIED Requirements\n${requirement("Login")}`,
      null,
    ],
    [
      "the same requirement ADDED twice",
      `## ADDED Requirements\n${requirement("Passkeys")}\n${requirement("Passkeys")}`,
      BASELINE,
    ],
  ])(
    "GIVEN %s WHEN archived by both THEN ours says what the CLI says",
    async (_, delta, baseline) => {
      const input = { specId: "auth", change: "add-2fa", baseline, delta };
      const expected = await cli.merge(input);
      if (expected.ok) throw new Error("the CLI was expected to refuse");
      expect(ours(input)).toEqual({ ok: false, error: specLevel(expected.error) });
    },
  );
});
