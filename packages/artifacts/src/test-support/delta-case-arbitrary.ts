import fc from "fast-check";

/** One capability's baseline (or none) and the delta a change brings for it. */
export type DeltaCase = { baseline: string | null; delta: string };

/** Baseline names: distinct under the archive's case and spacing fold. */
const NAMES = ["Login", "Logout", "Two factor", "Sessions", "Audit trail"];
/** Names for ADDED and rename targets: mostly new, some colliding with a baseline name by case or spacing. */
const NEW_NAMES = ["Passkeys", "Recovery codes", "Sign in", "login", "Two  factor"];
const SCENARIOS = ["works", "fails", "Edge case"];

type Requirement = { scenarios: number[]; statement: string };

const requirement: fc.Arbitrary<Requirement> = fc.record({
  scenarios: fc.uniqueArray(fc.nat(SCENARIOS.length - 1), { minLength: 1, maxLength: 3 }),
  statement: fc.constantFrom(
    "The system SHALL do it.",
    "The system MUST behave.   ",
    "The system SHALL keep this.\n\n\n```text\nkept\n\n\nas is\n```",
  ),
});

function block(model: Requirement, name: string): string {
  const scenarios = model.scenarios.map(
    (index) => `#### Scenario: ${SCENARIOS[index]}\n- **WHEN** it runs\n- **THEN** it works`,
  );
  return [`### Requirement: ${name}`, model.statement, ...scenarios].join("\n\n");
}

const ending = fc.record({ crlf: fc.boolean(), tail: fc.constantFrom("\n", "", "\n\n\n", "  \n") });

function lay(text: string, { crlf, tail }: { crlf: boolean; tail: string }): string {
  const body = `${text}${tail}`;
  return crlf ? body.replace(/\n/g, "\r\n") : body;
}

const newName = fc.oneof(
  { arbitrary: fc.nat(2), weight: 4 },
  { arbitrary: fc.constantFrom(3, 4), weight: 1 },
);

/**
 * A baseline of three to five requirements (or none), and a delta that adds,
 * modifies (sometimes dropping a scenario), removes and renames, each aimed at
 * a different requirement, a rename sometimes followed by a MODIFIED under the
 * new name.
 */
export const deltaCase: fc.Arbitrary<DeltaCase> = fc
  .record({
    baseline: fc.option(fc.array(requirement, { minLength: 3, maxLength: 5 }), {
      freq: 5,
      nil: null,
    }),
    aim: fc.nat(),
    added: fc.uniqueArray(fc.record({ model: requirement, name: newName }), {
      selector: (added) => added.name,
      maxLength: 2,
    }),
    modify: fc.option(
      fc.record({
        change: requirement,
        keepScenarios: fc.oneof(fc.constant(true), fc.constant(true), fc.constant(false)),
      }),
    ),
    remove: fc.boolean(),
    rename: fc.option(fc.record({ to: newName, thenModify: fc.boolean() })),
    notes: fc.constantFrom("", "\n\n## Notes\nKept below the requirements."),
    baselineEnding: ending,
    deltaEnding: ending,
  })
  .map((c) => {
    const existing = (c.baseline ?? []).map((model, index) => ({ model, name: NAMES[index]! }));
    // Without a baseline the targets are names no spec has.
    const target = (offset: number) =>
      existing[(c.aim + offset) % Math.max(existing.length, 1)] ?? {
        model: c.modify?.change ?? { scenarios: [0], statement: "The system SHALL be." },
        name: NAMES[(c.aim + offset) % NAMES.length]!,
      };
    const sections: string[] = [];
    if (c.added.length > 0) {
      const blocks = c.added.map((added) => block(added.model, NEW_NAMES[added.name]!));
      sections.push(`## ADDED Requirements\n\n${blocks.join("\n\n")}`);
    }
    const modified: string[] = [];
    if (c.modify) {
      const aimed = target(0);
      const scenarios = c.modify.keepScenarios
        ? [...new Set([...aimed.model.scenarios, ...c.modify.change.scenarios])]
        : c.modify.change.scenarios;
      modified.push(block({ ...c.modify.change, scenarios }, aimed.name));
    }
    if (c.rename?.thenModify) {
      const renamed = target(2);
      const statement = "The system SHALL answer to its new name.";
      modified.push(block({ ...renamed.model, statement }, NEW_NAMES[c.rename.to]!));
    }
    if (modified.length > 0) sections.push(`## MODIFIED Requirements\n\n${modified.join("\n\n")}`);
    if (c.remove) {
      sections.push(`## REMOVED Requirements\n\n- \`### Requirement: ${target(1).name}\``);
    }
    if (c.rename) {
      sections.push(
        `## RENAMED Requirements\n\n- FROM: \`### Requirement: ${target(2).name}\`\n- TO: \`### Requirement: ${NEW_NAMES[c.rename.to]}\``,
      );
    }
    if (sections.length === 0) {
      sections.push(
        `## ADDED Requirements\n\n${block({ scenarios: [0], statement: "The system SHALL be." }, "Passkeys")}`,
      );
    }
    const baseline =
      c.baseline === null
        ? null
        : lay(
            `# Capability\n\n## Purpose\nWhat this capability does, for whom, and why it matters.\n\n## Requirements\n\n${existing.map((r) => block(r.model, r.name)).join("\n\n")}${c.notes}`,
            c.baselineEnding,
          );
    return { baseline, delta: lay(sections.join("\n\n"), c.deltaEnding) };
  });
