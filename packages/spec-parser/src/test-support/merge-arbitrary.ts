import fc from "fast-check";
import type { MergeCase } from "./cli-archive-merge.js";
import { trickyMarkdown } from "./tricky-markdown.js";

/** Names that collide on the archive's rules: case, spacing, closing `#` runs, `C#`. */
const NAMES = [
  "Login",
  "Logout",
  "login",
  "LOGIN",
  "Login #",
  "Login # #",
  "Login ###",
  "Two factor",
  "Two  factor",
  "Sessions",
  "Sign in",
  "C#",
  "Passkeys",
];
const SCENARIOS = ["works", "fails", "Edge case", "works ##", "Scenario: doubled"];
const STATEMENTS = [
  "The system SHALL do it.",
  "The system MUST behave.\nOver two lines.",
  "No keyword here.",
  "**ID**: REQ-1\nThe system SHALL keep metadata.",
  "",
  "    # indented first line SHALL",
];
const EXTRAS = [
  "",
  "\n### Notes\nA note the block reader sweeps in.",
  "\n```text\n### Requirement: Fenced\n\n\n## Not a section\n```",
  "\nTrailing spaces   ",
  "\n\n\n\nAfter blank lines.",
  "\n#### Scenario:",
  "\n## ",
];

type RequirementModel = { name: number; statement: number; scenarios: number[]; extra: number };

/** Mostly `usual`, now and then anything up to `max`: most cases should merge, some should not. */
const mostly = (usual: number, max: number) =>
  fc.oneof({ arbitrary: fc.constant(usual), weight: 5 }, { arbitrary: fc.nat(max), weight: 1 });

const requirementModel: fc.Arbitrary<RequirementModel> = fc.record({
  name: fc.nat(NAMES.length - 1),
  statement: mostly(0, STATEMENTS.length - 1),
  scenarios: fc.oneof(
    {
      arbitrary: fc.uniqueArray(fc.nat(SCENARIOS.length - 1), { minLength: 1, maxLength: 3 }),
      weight: 8,
    },
    { arbitrary: fc.uniqueArray(fc.nat(SCENARIOS.length - 1), { maxLength: 3 }), weight: 1 },
  ),
  extra: mostly(0, EXTRAS.length - 1),
});

function block(model: RequirementModel, header = "### Requirement: "): string {
  const scenarios = model.scenarios.map(
    (index) => `#### Scenario: ${SCENARIOS[index]}\n- **WHEN** it runs\n- **THEN** it works`,
  );
  return [`${header}${NAMES[model.name]}`, STATEMENTS[model.statement], ...scenarios]
    .filter((part) => part !== "")
    .join("\n\n")
    .concat(EXTRAS[model.extra]!);
}

const gap = fc.constantFrom("\n", "\n\n", "\n\n\n", "\n  \n");
const HEADERS = ["### Requirement: ", "###Requirement: ", "### requirement: "];

type Layout = { crlf: boolean; bom: boolean; tail: string };
const layout: fc.Arbitrary<Layout> = fc.record({
  crlf: fc.boolean(),
  bom: fc.oneof(fc.constant(false), fc.constant(false), fc.constant(true)),
  tail: fc.constantFrom("\n", "", "\n\n\n", "   \n", "\n\t"),
});

function lay(text: string, { crlf, bom, tail }: Layout): string {
  const body = `${text}${tail}`;
  return `${bom ? "\ufeff" : ""}${crlf ? body.replace(/\n/g, "\r\n") : body}`;
}

const baselineArbitrary = fc
  .record({
    requirements: fc.oneof(
      {
        arbitrary: fc.uniqueArray(requirementModel, { selector: (m) => m.name, maxLength: 4 }),
        weight: 6,
      },
      { arbitrary: fc.array(requirementModel, { maxLength: 4 }), weight: 1 },
    ),
    gaps: fc.array(gap, { minLength: 8, maxLength: 8 }),
    preamble: fc.constantFrom("", "Requirements follow.", "### Overview\nNot a requirement."),
    after: fc.constantFrom("", "## Notes\nKept below.", "## Notes\n\n\n```\na\n\n\nb\n```"),
    purpose: fc.oneof(
      {
        arbitrary: fc.constant("Who may sign in, and how, for every client of the service."),
        weight: 8,
      },
      { arbitrary: fc.constantFrom("Short.", ""), weight: 1 },
    ),
    hasRequirementsHeading: fc.oneof(
      { arbitrary: fc.constant(true), weight: 8 },
      { arbitrary: fc.constant(false), weight: 1 },
    ),
    layout,
    header: mostly(0, HEADERS.length - 1),
  })
  .map((b) => ({
    models: b.requirements,
    text: lay(
      [
        "# Auth",
        b.gaps[0],
        "## Purpose",
        b.gaps[1],
        b.purpose,
        b.gaps[2],
        b.hasRequirementsHeading ? "## Requirements" : "",
        b.gaps[3],
        b.preamble,
        b.gaps[4],
        b.requirements.map((model) => block(model, HEADERS[b.header])).join(b.gaps[5]),
        b.gaps[6],
        b.after,
      ].join(""),
      b.layout,
    ),
  }));

type Entry =
  | { kind: "added"; model: RequirementModel; copy: number | null }
  | { kind: "modified"; model: RequirementModel; of: number | null }
  | { kind: "removed"; name: number; of: number | null; bullet: string }
  | { kind: "renamed"; from: number; of: number | null; to: number };

const ref = fc.option(fc.nat(7), { nil: null });
const entry: fc.Arbitrary<Entry> = fc.oneof(
  fc.record({ kind: fc.constant("added" as const), model: requirementModel, copy: ref }),
  fc.record({ kind: fc.constant("modified" as const), model: requirementModel, of: ref }),
  fc.record({
    kind: fc.constant("removed" as const),
    name: fc.nat(NAMES.length - 1),
    of: ref,
    bullet: fc.constantFrom("- `### Requirement: %`", "### Requirement: %", "* ### Requirement: %"),
  }),
  fc.record({
    kind: fc.constant("renamed" as const),
    from: fc.nat(NAMES.length - 1),
    of: ref,
    to: fc.nat(NAMES.length - 1),
  }),
);

/** A baseline (or none) and a delta combining all four operations, aimed at the baseline's names. */
export const mergeCase: fc.Arbitrary<MergeCase> = fc
  .record({
    baseline: fc.option(baselineArbitrary, { freq: 8, nil: null }),
    entries: fc.uniqueArray(entry, {
      minLength: 1,
      maxLength: 5,
      selector: (item) =>
        item.kind === "added" || item.kind === "modified"
          ? item.model.name
          : item.kind === "removed"
            ? item.name
            : item.from,
    }),
    order: fc.constantFrom("ADDED,MODIFIED,REMOVED,RENAMED", "RENAMED,MODIFIED,ADDED,REMOVED"),
    purpose: fc.constantFrom(
      "",
      "## Purpose\nSign-in for every client of the service, all of it.\n\n",
    ),
    layout,
    section: fc.constantFrom("Requirements", "requirements"),
    distinct: fc.oneof(
      { arbitrary: fc.constant(true), weight: 4 },
      { arbitrary: fc.constant(false), weight: 1 },
    ),
  })
  .map(({ baseline, entries, order, purpose, layout: deltaLayout, section, distinct }) => {
    const used = new Set<number>();
    // Mostly one entry per requirement: two entries naming one mostly make a conflict.
    const fresh = (name: number) => {
      if (distinct && used.has(name)) return false;
      used.add(name);
      return true;
    };
    const models = baseline?.models ?? [];
    const target = (of: number | null) =>
      of !== null && models.length > 0 ? models[of % models.length]! : null;
    const sections: Record<string, string[]> = {
      ADDED: [],
      MODIFIED: [],
      REMOVED: [],
      RENAMED: [],
    };
    for (const item of entries) {
      if (item.kind === "added") {
        const model = target(item.copy) ?? item.model;
        if (!fresh(model.name)) continue;
        sections.ADDED!.push(block(model));
      } else if (item.kind === "modified") {
        const of = target(item.of);
        if (!fresh(of?.name ?? item.model.name)) continue;
        const model = of
          ? {
              ...item.model,
              name: of.name,
              scenarios: [...new Set([...of.scenarios, ...item.model.scenarios])],
            }
          : item.model;
        sections.MODIFIED!.push(block(model));
      } else if (item.kind === "removed") {
        const index = target(item.of)?.name ?? item.name;
        if (!fresh(index)) continue;
        const name = NAMES[index]!;
        sections.REMOVED!.push(item.bullet.replace("%", name));
      } else {
        const index = target(item.of)?.name ?? item.from;
        if (!fresh(index) || !fresh(item.to)) continue;
        const from = NAMES[index]!;
        sections.RENAMED!.push(
          `- FROM: \`### Requirement: ${from}\`\n- TO: \`### Requirement: ${NAMES[item.to]}\``,
        );
      }
    }
    const body = order
      .split(",")
      .filter((kind) => sections[kind]!.length > 0)
      .map((kind) => `## ${kind} ${section}\n\n${sections[kind]!.join("\n\n")}`)
      .join("\n\n");
    return {
      specId: "auth",
      change: "add-things",
      baseline: baseline?.text ?? null,
      delta: lay(`${purpose}${body}`, deltaLayout),
    };
  });

/** Names whose folded keys all differ (no case, spacing or closing-`#` variants of each other). */
const DISTINCT_NAMES = ["Login", "Logout", "Two factor", "Sessions", "Sign in", "Passkeys"];

/** A requirement the archive accepts: a SHALL or MUST statement and at least one scenario. */
const validRequirement = fc.record({
  statement: fc.constantFrom(0, 1, 3),
  scenarios: fc.uniqueArray(fc.nat(SCENARIOS.length - 1), { minLength: 1, maxLength: 3 }),
  extra: fc.constantFrom(0, 0, 3),
});

type Fate = "keep" | "modified" | "removed" | "renamed";

/**
 * A well-formed baseline and a delta whose every entry applies: MODIFIED and REMOVED name a
 * baseline requirement, RENAMED goes to a name nobody uses, ADDED brings a new name. With the
 * requirement names the merged spec must hold, in order (the CLI keeps the baseline's order,
 * renames in place and appends what is added).
 */
export const mergeableCase: fc.Arbitrary<{ input: MergeCase; expectedNames: string[] }> = fc
  .record({
    count: fc.integer({ min: 1, max: 4 }),
    requirements: fc.array(validRequirement, { minLength: 6, maxLength: 6 }),
    shuffle: fc.shuffledSubarray([0, 1, 2, 3, 4, 5], { minLength: 6, maxLength: 6 }),
    fates: fc.array(fc.constantFrom<Fate>("keep", "modified", "removed", "renamed"), {
      minLength: 4,
      maxLength: 4,
    }),
    extraScenarios: fc.array(fc.nat(SCENARIOS.length - 1), { maxLength: 2 }),
    added: fc.integer({ min: 0, max: 2 }),
    gaps: fc.array(gap, { minLength: 8, maxLength: 8 }),
    preamble: fc.constantFrom("", "Requirements follow."),
    after: fc.constantFrom("", "## Notes\nKept below."),
    baselineLayout: layout,
    deltaLayout: layout,
    order: fc.constantFrom("ADDED,MODIFIED,REMOVED,RENAMED", "RENAMED,MODIFIED,ADDED,REMOVED"),
    section: fc.constantFrom("Requirements", "requirements"),
  })
  .map((c) => {
    const names = c.shuffle.map((index) => DISTINCT_NAMES[index]!);
    const model = (index: number): RequirementModel => ({
      name: NAMES.indexOf(names[index]!),
      ...c.requirements[index]!,
    });
    const baselineModels = Array.from({ length: c.count }, (_, index) => model(index));
    const unused = names.slice(c.count);
    const sections: Record<string, string[]> = {
      ADDED: [],
      MODIFIED: [],
      REMOVED: [],
      RENAMED: [],
    };
    const expectedNames: string[] = [];
    baselineModels.forEach((baselineModel, index) => {
      const name = NAMES[baselineModel.name]!;
      const fate = c.fates[index]!;
      if (fate === "modified") {
        const scenarios = [...new Set([...baselineModel.scenarios, ...c.extraScenarios])];
        sections.MODIFIED!.push(block({ ...baselineModel, statement: 1, scenarios }));
      }
      if (fate === "removed") sections.REMOVED!.push(`- \`### Requirement: ${name}\``);
      if (fate === "renamed" && unused.length > 0) {
        const to = unused.shift()!;
        sections.RENAMED!.push(
          `- FROM: \`### Requirement: ${name}\`\n- TO: \`### Requirement: ${to}\``,
        );
        expectedNames.push(to);
        return;
      }
      if (fate !== "removed") expectedNames.push(name);
    });
    const added = unused.slice(
      0,
      Math.max(
        c.added,
        sections.MODIFIED!.length + sections.REMOVED!.length + sections.RENAMED!.length === 0
          ? 1
          : 0,
      ),
    );
    for (const name of added) {
      sections.ADDED!.push(block({ ...model(names.indexOf(name)), extra: 0 }));
      expectedNames.push(name);
    }
    const baseline = lay(
      [
        "# Auth",
        c.gaps[0],
        "## Purpose",
        c.gaps[1],
        "Who may sign in, and how, for every client of the service.",
        c.gaps[2],
        "## Requirements",
        c.gaps[3],
        c.preamble,
        c.gaps[4],
        baselineModels.map((entry) => block(entry)).join(c.gaps[5]),
        c.gaps[6],
        c.after,
      ].join(""),
      c.baselineLayout,
    );
    const delta = c.order
      .split(",")
      .filter((kind) => sections[kind]!.length > 0)
      .map((kind) => `## ${kind} ${c.section}\n\n${sections[kind]!.join("\n\n")}`)
      .join("\n\n");
    return {
      input: { specId: "auth", change: "add-things", baseline, delta: lay(delta, c.deltaLayout) },
      expectedNames,
    };
  });

/** Mostly cases that merge, so properties about a merge's result check something in most runs. */
export const mostlyMergeableCase: fc.Arbitrary<MergeCase> = fc.oneof(
  { arbitrary: mergeableCase.map((c) => c.input), weight: 4 },
  { arbitrary: mergeCase, weight: 1 },
);

function splice(text: string, chunk: string, at: number): string {
  const lines = text.split("\n");
  lines.splice(at % (lines.length + 1), 0, chunk);
  return lines.join("\n");
}

/** `mergeCase` with tricky Markdown (odd headings, fences, Unicode spaces) spliced into both files. */
export const trickyMergeCase: fc.Arbitrary<MergeCase> = fc
  .record({
    input: mergeCase,
    baselineChunk: trickyMarkdown,
    deltaChunk: trickyMarkdown,
    baselineAt: fc.nat(),
    deltaAt: fc.nat(),
  })
  .map(({ input, baselineChunk, deltaChunk, baselineAt, deltaAt }) => ({
    ...input,
    baseline: input.baseline === null ? null : splice(input.baseline, baselineChunk, baselineAt),
    delta: splice(input.delta, deltaChunk, deltaAt),
  }));
