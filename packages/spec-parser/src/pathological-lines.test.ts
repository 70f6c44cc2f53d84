import { describe, expect, it } from "vitest";
import { toCliChangeJson } from "./cli-projection/to-cli-change-json.js";
import { parseDeltaSpec } from "./delta/parse-delta-spec.js";
import { parseDocument } from "./document/parse-document.js";
import { readTitle } from "./document/read-title.js";
import { applyDeltaSpec } from "./merge/apply-delta-spec.js";
import { stringifyDeltaSpec } from "./serialize/stringify-delta-spec.js";
import { stringifySpec } from "./serialize/stringify-spec.js";
import { parseSpec } from "./spec/parse-spec.js";
import { parseTasks } from "./tasks/parse-tasks.js";
import { asRequirementInput } from "./test-support/as-requirement-input.js";
import type { RequirementInput, SpecInput } from "./types.js";

// Runs long enough that a backtracking regex (quadratic or worse) would take
// minutes on any of them; a linear scan takes milliseconds. Speed itself is
// tracked by `pnpm bench` (pathological-lines); here a hang is the failure, so each test has
// a generous deadline instead of a timed assertion.
const LENGTH = 200_000;
const DEADLINE_MS = 20_000;
const runs: [string, string][] = [
  ["spaces", " ".repeat(LENGTH)],
  ["hashes", "#".repeat(LENGTH)],
  ["backticks", "`".repeat(LENGTH)],
  ["stars", "*".repeat(LENGTH)],
  ["dashes", "-".repeat(LENGTH)],
  ["brackets", "[".repeat(LENGTH)],
  ["pipes", "|".repeat(LENGTH)],
  ["tabs", "\t".repeat(LENGTH)],
  ["no-break spaces", "\u00a0".repeat(LENGTH)],
  ["mixed", " #`*-[|\t:".repeat(LENGTH / 9)],
];

/** `a<run>b`: the run sits inside a field, so nothing trims it away. */
const inner = (run: string) => `a${run}b`;

function requirement(run: string, index: number): RequirementInput {
  return {
    name: `Name ${index} ${inner(run)}`,
    text: `The system SHALL ${inner(run)}.`,
    scenarios: [
      {
        name: `Case ${inner(run)}`,
        steps: [
          { type: "WHEN", text: inner(run) },
          { type: "THEN", text: `it ${inner(run)}` },
        ],
      },
    ],
  };
}

describe.each(runs)("a run of %s in every slot", (_label, run) => {
  it("GIVEN a spec with the run in its title, purpose, names, text and steps WHEN stringified and parsed THEN every field comes back as written", {
    timeout: DEADLINE_MS,
  }, () => {
    const input: SpecInput = {
      title: inner(run),
      purpose: `Purpose ${inner(run)} and more.`,
      requirements: [requirement(run, 1), requirement(run, 2)],
    };
    const markdown = stringifySpec(input);
    const parsed = parseSpec(markdown);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.title).toBe(input.title);
    expect(parsed.value.purpose).toBe(input.purpose);
    expect(parsed.value.requirements.map(asRequirementInput)).toEqual(input.requirements);
    expect(readTitle(markdown)).toBe(input.title);
  });

  it("GIVEN a delta spec with the run in every entry WHEN stringified and parsed THEN every entry comes back", {
    timeout: DEADLINE_MS,
  }, () => {
    const added = [requirement(run, 1)];
    const markdown = `# ${inner(run)}\n\n${stringifyDeltaSpec({
      added,
      modified: [requirement(run, 2)],
      removed: [`Old ${inner(run)}`],
      renamed: [{ from: `From ${inner(run)}`, to: `To ${inner(run)}` }],
    })}`;
    const parsed = parseDeltaSpec(markdown);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.added.map(asRequirementInput)).toEqual(added);
    expect(parsed.value.modified.map(asRequirementInput)).toEqual([requirement(run, 2)]);
    expect(parsed.value.removed.map((entry) => entry.name)).toEqual([`Old ${inner(run)}`]);
    expect(parsed.value.renamed.map(({ from, to }) => ({ from, to }))).toEqual([
      { from: `From ${inner(run)}`, to: `To ${inner(run)}` },
    ]);
    expect(readTitle(markdown)).toBe(inner(run));
  });

  it("GIVEN lines made of nothing but the run, after a heading marker, a list marker or a checkbox WHEN every parser reads them THEN each finishes with the structure around them intact", {
    timeout: DEADLINE_MS,
  }, () => {
    const hostile = [
      run,
      `#${run}`,
      `# ${run}`,
      `## ${run}x`,
      `### Requirement: ${run}`,
      `###${run}Requirement:${run}x`,
      `- ${run}`,
      `- **${run}**: ${run}\u2028`,
      `- [${run}] task`,
      `- [ ]${run}`,
      `|${run}|`,
      `**${run}**:`,
    ];
    const body = hostile.join("\n");
    // The lines that do not end a section, so they stay inside "What Changes".
    const listLines = hostile.filter((line) => !line.startsWith("#") && line !== run).join("\n");
    const spec = `# Title\n\n## Purpose\n\nWhy.\n\n## Requirements\n\n### Requirement: Kept\n\nThe system SHALL keep this.\n\n#### Scenario: Kept\n\n- **WHEN** it runs\n- **THEN** it ends\n\n## Notes\n\n${body}\n`;
    const parsedSpec = parseSpec(spec);
    expect(parsedSpec.ok && parsedSpec.value.requirements.map((r) => r.name)).toEqual(["Kept"]);

    const delta = `## ADDED Requirements\n\n### Requirement: Kept\n\nThe system SHALL keep this.\n\n#### Scenario: Kept\n\n- **WHEN** it runs\n\n## Notes\n\n${body}\n`;
    const parsedDelta = parseDeltaSpec(delta);
    expect(parsedDelta.ok && parsedDelta.value.added.map((r) => r.name)).toEqual(["Kept"]);

    const clean = spec.slice(0, spec.indexOf("## Notes"));
    const merged = applyDeltaSpec({
      specId: "auth",
      change: "c",
      baseline: clean,
      delta: delta.replace("Requirement: Kept", "Requirement: New"),
    });
    expect(merged.ok && merged.text).toContain("### Requirement: Kept");
    expect(merged.ok && merged.text).toContain("### Requirement: New");
    // In the baseline, the run's requirement heading below the requirements is
    // refused, unless a run of backticks opened a fence that hides it; then the
    // ADDED "Kept" meets the baseline's own, with other text.
    const refused = applyDeltaSpec({ specId: "auth", change: "c", baseline: spec, delta });
    expect(!refused.ok && refused.diagnostics[0]?.code).toBe(
      run.startsWith("```") ? "added_exists" : "invalid_baseline_structure",
    );

    const tasks = parseTasks(`## 1. Work\n\n- [x] 1.1 Done\n${body}\n- [ ] 1.2 Open\n`);
    expect(tasks.tasks.map((task) => task.id)).toContain("1.2");
    expect(tasks.completed).toBe(1);

    const proposalText = `# Change: ${inner(run)}\n\n## Why\n\nBecause.\n\n## What Changes\n\n- **auth:** adds login\n${listLines}\n${body}\n`;
    expect(parseDocument(proposalText).title).toBe(`Change: ${inner(run)}`);
    const change = toCliChangeJson({ id: "c", proposal: proposalText, deltaSpecs: [] });
    expect(change.ok && change.value.title).toBe(inner(run));
    expect(change.ok && change.value.deltas[0]).toEqual({
      spec: "auth",
      operation: "ADDED",
      description: "adds login",
    });
  });
});

describe("the slow heading of a delta spec", () => {
  it("GIVEN a title `# a`, 80,000 spaces and `b` WHEN the title is read THEN it is the whole line, trimmed", {
    timeout: DEADLINE_MS,
  }, () => {
    const markdown = `# a${" ".repeat(80_000)}b\n\n## ADDED Requirements\n`;
    expect(readTitle(markdown)).toBe(`a${" ".repeat(80_000)}b`);
    expect(parseDeltaSpec(markdown).ok).toBe(true);
  });
});
