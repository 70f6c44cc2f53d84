import { makeOpenSpecRepository } from "@org/test-kit";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";
import type { ChangeCreateSuccess } from "../tool-result-types.js";

afterEach(cleanUp);

/** A word that starts with a letter and may carry inline Markdown punctuation after it. */
const word = fc
  .tuple(
    fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZé"),
    fc.string({ unit: fc.constantFrom(..."abcxyz019_*`[]()<>&|!?.,:;'\"/~=+-é"), maxLength: 8 }),
  )
  .map(([first, rest]) => first + rest);
const words = (min: number, max: number) =>
  fc.array(word, { minLength: min, maxLength: max }).map((list) => list.join(" "));
const kebab = fc.stringMatching(/^[a-z][a-z0-9]{0,7}(-[a-z0-9]{1,8}){0,2}$/);

const step = fc.record({
  type: fc.constantFrom("GIVEN" as const, "WHEN" as const, "THEN" as const, "AND" as const),
  text: words(1, 6),
});
const requirement = (index: number) =>
  fc.record({
    name: words(1, 5).map((name) => `${name} ${index}`),
    description: words(1, 20).map((text) => `The system SHALL ${text}`),
    scenarios: fc.array(
      fc.record({ name: words(1, 4), steps: fc.array(step, { minLength: 1, maxLength: 4 }) }),
      {
        minLength: 1,
        maxLength: 2,
      },
    ),
  });
const requirements = (max: number) =>
  fc
    .integer({ min: 1, max })
    .chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => requirement(index))));

/** Complete input: every new capability has a purpose, every requirement SHALL and a scenario, at most ten deltas. */
const completeChange = fc.record({
  name: kebab,
  why: words(10, 40).filter((text) => text.length >= 50 && text.length <= 1000),
  what_changes: fc.array(words(1, 10), { minLength: 1, maxLength: 3 }),
  impact: fc.option(words(1, 20), { nil: undefined }),
  design: fc.option(
    words(1, 20).map((text) => `# Design\n\n## Context\n\n${text}\n`),
    { nil: undefined },
  ),
  tasks: fc.array(
    fc.record({ title: words(1, 4), items: fc.array(words(1, 8), { minLength: 1, maxLength: 3 }) }),
    { maxLength: 3 },
  ),
  specs: fc.uniqueArray(
    fc.record({
      name: kebab,
      purpose: words(10, 20).map(
        (text) => `Covers ${text}, so that the capability is described well enough.`,
      ),
      added: requirements(3),
    }),
    { minLength: 1, maxLength: 3, selector: (spec) => spec.name },
  ),
});

describe("openspec_change_create under the real CLI", () => {
  it("GIVEN generated complete inputs WHEN each is written into a fresh `openspec init` repository THEN validate --strict passes without an error or warning, and the tool warns of nothing", async () => {
    // Warm workers: each generated case validates through the CLI without starting it again.
    // Unconfined, as a confined worker serves only the repository it started in, and every case
    // writes into a fresh one (what confinement changes is checked in confined-stores.test.ts).
    const { catalog } = makeCatalog({
      env: { OPENSPEC_AGENT_CONFINE: "off" },
      catalog: { warmPool: 1 },
    });
    await fc.assert(
      fc.asyncProperty(completeChange, async (input) => {
        const root = makeOpenSpecRepository();
        const result = await catalog.call("openspec_change_create", { workdir: root, ...input });
        expect(result).toMatchObject({ ok: true, warnings: [] });
        const { validation } = result as ChangeCreateSuccess;
        expect(validation?.issues.filter((issue) => issue.level !== "INFO")).toEqual([]);
        expect(validation?.valid).toBe(true);
      }),
      // Each run starts the CLI twice (new change, validate); a few runs cover the shapes.
      { numRuns: 6, seed: 20261203 },
    );
  }, 300_000);
});
