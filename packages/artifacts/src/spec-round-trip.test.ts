import { removeTemporaryFolders, runRealOpenSpec } from "@org/test-kit";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { createSpec } from "./create-spec.js";
import { type ShownSpec, showSpec } from "./show-spec.js";
import type { SpecContentInput } from "./spec-content.js";
import { richDescription, richSpecInput } from "./test-support/rich-spec-input.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterAll(removeTemporaryFolders);

const PROPOSAL =
  "# Add checkout\n\n## Why\n\nShoppers cannot pay today, so every order is lost at the last step.\n\n## What Changes\n\n- Add a checkout.\n";

/** What showSpec gives back, in the shape createSpec takes. */
function asInput(shown: ShownSpec, purpose: string): SpecContentInput {
  return {
    title: shown.title,
    purpose,
    requirements: shown.requirements.map(({ name, description, scenarios }) => ({
      name,
      description,
      scenarios: scenarios.map(({ name: scenario, steps }) => ({
        name: scenario,
        steps: steps.map(({ type, text }) => ({ type: type as "GIVEN", text })),
      })),
    })),
  };
}

const ISSUE_DESCRIPTION = [
  "The system SHALL keep what the author wrote.",
  "",
  "A second paragraph explains why.",
  "",
  "```sh",
  "# install first",
  "openspec validate --strict",
  "```",
  "",
  "> Quoted from the design:",
  ">",
  "> nothing is dropped.",
].join("\n");

describe("show(create(x)) equals x", () => {
  const { root, repository } = makeRepository({
    "openspec/changes/add-checkout/proposal.md": PROPOSAL,
  });

  it("GIVEN any spec with rich requirement descriptions WHEN created and shown THEN title, purpose, names, descriptions and scenarios come back exactly", () => {
    fc.assert(
      fc.property(richSpecInput, (input) => {
        const created = createSpec(repository, { name: "rich", force: true, ...input });
        expect(created).toMatchObject({ ok: true, warnings: [] });
        const shown = showSpec(repository, { name: "rich" });
        expect(shown.ok).toBe(true);
        if (!shown.ok) return;
        expect(asInput(shown, shown.purpose)).toEqual(input);
      }),
      { numRuns: 150 },
    );
  });

  it("GIVEN the same inputs written into a change WHEN shown with the change THEN the requirements come back exactly, each ADDED", () => {
    fc.assert(
      fc.property(richSpecInput, (input) => {
        const created = createSpec(repository, {
          name: "rich",
          change: "add-checkout",
          force: true,
          ...input,
        });
        expect(created).toMatchObject({ ok: true, warnings: [] });
        const shown = showSpec(repository, { name: "rich", change: "add-checkout" });
        expect(shown.ok).toBe(true);
        if (!shown.ok) return;
        expect(asInput(shown, input.purpose)).toEqual(input);
        expect(shown.requirements.every((requirement) => requirement.operation === "ADDED")).toBe(
          true,
        );
      }),
      { numRuns: 100 },
    );
  });

  it("GIVEN a description with paragraphs, a fenced block and a quote WHEN shown, edited and written back with force THEN no text is lost and strict validation passes", async () => {
    const input: SpecContentInput = {
      title: "Keep",
      purpose: "Keep every word an author writes in a requirement, through every edit.",
      requirements: [
        {
          name: "Keep text",
          description: ISSUE_DESCRIPTION,
          scenarios: [
            {
              name: "Kept",
              steps: [
                { type: "WHEN", text: "the spec is shown" },
                { type: "THEN", text: "the description is whole" },
              ],
            },
          ],
        },
      ],
    };
    expect(createSpec(repository, { name: "keep", force: true, ...input })).toMatchObject({
      ok: true,
    });
    const shown = showSpec(repository, { name: "keep" });
    if (!shown.ok) throw new Error(shown.error);
    expect(shown.requirements[0]?.description).toBe(ISSUE_DESCRIPTION);

    const edited = asInput(shown, shown.purpose);
    edited.requirements[0]!.name = "Keep all text";
    expect(createSpec(repository, { name: "keep", force: true, ...edited })).toMatchObject({
      ok: true,
      overwritten: true,
      warnings: [],
    });
    const again = showSpec(repository, { name: "keep" });
    expect(again.ok && again.requirements[0]).toMatchObject({
      name: "Keep all text",
      description: ISSUE_DESCRIPTION,
    });
    const validation = await runRealOpenSpec(root, [
      "validate",
      "keep",
      "--type",
      "spec",
      "--strict",
      "--json",
      "--no-interactive",
    ]);
    expect(JSON.parse(validation.stdout).items[0]).toMatchObject({ valid: true, issues: [] });
  });

  it("GIVEN generated rich specs written as a spec and as a change delta WHEN the real CLI validates strictly THEN both pass", async () => {
    const [input] = fc.sample(richSpecInput, { numRuns: 1, seed: 20261203 });
    const { root: fresh, repository: target } = makeRepository({
      "openspec/changes/add-checkout/proposal.md": PROPOSAL,
    });
    expect(createSpec(target, { name: "rich", ...input! })).toMatchObject({ ok: true });
    expect(
      createSpec(target, { name: "rich-delta", change: "add-checkout", ...input! }),
    ).toMatchObject({ ok: true });
    for (const [item, type] of [
      ["rich", "spec"],
      ["add-checkout", "change"],
    ]) {
      const run = await runRealOpenSpec(fresh, [
        "validate",
        item!,
        "--type",
        type!,
        "--strict",
        "--json",
        "--no-interactive",
      ]);
      expect(JSON.parse(run.stdout).items[0]).toMatchObject({ id: item, valid: true });
    }
  });
});

describe("requirement_without_shall reads what the CLI reads", () => {
  it("GIVEN a description whose only SHALL is inside a code fence WHEN created THEN it warns, as strict validation would fail", () => {
    const { repository } = makeRepository();
    const created = createSpec(repository, {
      name: "fenced",
      title: "Fenced",
      purpose: "Show that a keyword inside code does not count for the validator at all.",
      requirements: [
        {
          name: "Only code",
          description: "Cards are charged.\n\n```text\nThe system SHALL charge.\n```",
          scenarios: [{ name: "S", steps: [{ type: "WHEN", text: "paying" }] }],
        },
      ],
    });
    expect(created.ok && created.warnings.map((warning) => warning.code)).toEqual([
      "requirement_without_shall",
    ]);
  });

  it("GIVEN `# comment` lines inside a fence WHEN created THEN they are accepted as code; outside a fence they are refused", () => {
    const { repository } = makeRepository();
    fc.assert(
      fc.property(richDescription, (description) => {
        const base = {
          title: "Code",
          purpose: "A purpose that is long enough to satisfy the strict validator.",
          force: true,
        };
        const inside = createSpec(repository, {
          name: "code",
          ...base,
          requirements: [{ name: "R", description: `${description}\n\n\`\`\`\n# x\n\`\`\`` }],
        });
        expect(inside.ok).toBe(true);
        const outside = createSpec(repository, {
          name: "code",
          ...base,
          requirements: [{ name: "R", description: `${description}\n\n# x` }],
        });
        expect(outside).toMatchObject({ ok: false, code: "invalid_input" });
      }),
      { numRuns: 50 },
    );
  });
});
