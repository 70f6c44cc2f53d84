import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asWindowsFile } from "../test-support/parity-corpus.js";
import { parseSpec } from "./parse-spec.js";

const SEED = readFileSync(
  new URL("../test-support/corpus/specs/agent-openspec-tools/spec.md.txt", import.meta.url),
  "utf8",
);

const spec = (...lines: string[]) => lines.join("\n");

function requirementsOf(markdown: string) {
  const parsed = parseSpec(markdown);
  if (!parsed.ok) throw new Error(`expected a spec, got ${JSON.stringify(parsed.diagnostics)}`);
  return parsed.value.requirements;
}

describe("parseSpec", () => {
  it("GIVEN the agent tools spec WHEN parsed THEN title, purpose and its four requirements with named scenarios come back", () => {
    const parsed = parseSpec(SEED);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.value.title).toBe("Agent OpenSpec Tools");
    expect(parsed.value.purpose).toMatch(/^The plugin SHALL expose OpenSpec-aware Hermes tools/);
    expect(
      parsed.value.requirements.map((requirement) => [
        requirement.name,
        requirement.scenarios.length,
      ]),
    ).toEqual([
      ["Registered-source context resolution", 4],
      ["CLI-backed tool gating", 2],
      ["CLI command execution contract", 4],
      ["Artifact listing and inspection", 6],
    ]);
    expect(parsed.value.requirements[0]).toMatchObject({
      heading: "Requirement: Registered-source context resolution",
      text: "The plugin SHALL provide an `openspec_context` tool that resolves user-facing OpenSpec identifiers into the source repository path and relevant artifact content.",
      line: 7,
    });
    expect(parsed.value.requirements[0]!.scenarios[0]).toEqual({
      name: "Resolve a bare source name",
      rawText: [
        "- **GIVEN** a source is registered with a vanity name or falls back to its path basename",
        "- **WHEN** an agent calls `openspec_context` with that source name",
        "- **THEN** the tool returns the repository path, workdir hint, active changes with tokens, and current specs with tokens",
      ].join("\n"),
      steps: [
        {
          type: "GIVEN",
          text: "a source is registered with a vanity name or falls back to its path basename",
        },
        { type: "WHEN", text: "an agent calls `openspec_context` with that source name" },
        {
          type: "THEN",
          text: "the tool returns the repository path, workdir hint, active changes with tokens, and current specs with tokens",
        },
      ],
      line: 10,
    });
  });

  it("GIVEN steps in bold, bold-colon, plain and wrapped forms WHEN parsed THEN each becomes a typed step and a wrapped line joins its step", () => {
    const [requirement] = requirementsOf(
      spec(
        "## Purpose",
        "Steps.",
        "## Requirements",
        "### Requirement: Steps",
        "The system SHALL read steps.",
        "#### Scenario: Forms",
        "- **GIVEN:** a colon inside",
        "* **when**: a colon after, lower case",
        "- THEN plain capitals",
        "+ **AND** a wrapped",
        "  continuation",
        "- a bullet that is no step",
        "- **BUT** the last",
      ),
    );
    expect(requirement!.scenarios[0]!.steps).toEqual([
      { type: "GIVEN", text: "a colon inside" },
      { type: "WHEN", text: "a colon after, lower case" },
      { type: "THEN", text: "plain capitals" },
      { type: "AND", text: "a wrapped continuation" },
      { type: "BUT", text: "the last" },
    ]);
  });

  it("GIVEN OpenSpec's own cli-list Task Counting scenario, with a list nested under its THEN WHEN parsed THEN the THEN step keeps both nested bullets, and the AND after them is a step of its own", () => {
    const [requirement] = requirementsOf(
      spec(
        "## Purpose",
        "Counting.",
        "## Requirements",
        "### Requirement: Task Counting",
        "The command SHALL accurately count task completion status using standard markdown checkbox patterns.",
        "#### Scenario: Counting tasks in tasks.md",
        "- **WHEN** parsing a `tasks.md` file",
        "- **THEN** count tasks matching these patterns:",
        "  - Completed: Lines containing `- [x]`",
        "  - Incomplete: Lines containing `- [ ]`,",
        "    wrapped",
        "- **AND** calculate total tasks as the sum of completed and incomplete",
      ),
    );
    expect(requirement!.scenarios[0]!.steps).toEqual([
      { type: "WHEN", text: "parsing a `tasks.md` file" },
      {
        type: "THEN",
        text: "count tasks matching these patterns:\n- Completed: Lines containing `- [x]`\n- Incomplete: Lines containing `- [ ]`, wrapped",
      },
      { type: "AND", text: "calculate total tasks as the sum of completed and incomplete" },
    ]);
  });

  it("GIVEN a scenario written as prose WHEN parsed THEN it has no steps but keeps its raw text", () => {
    const [requirement] = requirementsOf(
      spec(
        "## Purpose",
        "p",
        "## Requirements",
        "### Requirement: Prose",
        "Text.",
        "#### Scenario: Told",
        "The user signs in.",
      ),
    );
    expect(requirement!.scenarios).toEqual([
      { name: "Told", rawText: "The user signs in.", steps: [], line: 6 },
    ]);
  });

  it("GIVEN no Purpose section WHEN parsed THEN it fails with missing_purpose on line 1 instead of throwing", () => {
    expect(parseSpec(spec("# T", "## Requirements"))).toEqual({
      ok: false,
      diagnostics: [
        {
          code: "missing_purpose",
          severity: "error",
          message: "Spec must have a Purpose section",
          line: 1,
        },
      ],
    });
  });

  it("GIVEN an empty Purpose section WHEN parsed THEN it fails with empty_purpose on the heading's line", () => {
    const parsed = parseSpec(spec("# T", "", "## Purpose", "", "## Requirements"));
    expect(parsed).toMatchObject({ ok: false, diagnostics: [{ code: "empty_purpose", line: 3 }] });
  });

  it("GIVEN neither Purpose nor Requirements WHEN parsed THEN both failures are reported", () => {
    const parsed = parseSpec("# Only a title");
    expect(parsed.diagnostics.map((diagnostic) => diagnostic.code)).toEqual([
      "missing_purpose",
      "missing_requirements",
    ]);
  });

  it("GIVEN headings inside code fences WHEN parsed THEN they are neither sections, requirements nor scenarios", () => {
    const requirements = requirementsOf(
      spec(
        "## Purpose",
        "p",
        "```",
        "## Requirements",
        "```",
        "## Requirements",
        "### Requirement: Real",
        "~~~",
        "### Requirement: Fenced",
        "#### Scenario: Fenced",
        "~~~",
        "#### Scenario: Real",
        "- **THEN** one",
      ),
    );
    expect(
      requirements.map((requirement) => [
        requirement.name,
        requirement.scenarios.map((s) => s.name),
      ]),
    ).toEqual([["Real", ["Real"]]]);
  });

  it("GIVEN a child heading without the Requirement prefix WHEN parsed THEN it is a requirement, as for the CLI, with a non_requirement_heading warning", () => {
    const parsed = parseSpec(
      spec("# T", "## Purpose", "p", "## Requirements", "### Notes", "Some notes."),
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: { requirements: [{ name: "Notes", heading: "Notes", text: "Some notes." }] },
      diagnostics: [
        { code: "non_requirement_heading", line: 5 },
        { code: "requirement_without_scenarios", line: 5 },
      ],
    });
  });

  it("GIVEN a scenario heading with no body WHEN parsed THEN it is dropped with an empty_scenario warning", () => {
    const parsed = parseSpec(
      spec(
        "# T",
        "## Purpose",
        "p",
        "## Requirements",
        "### Requirement: R",
        "Text.",
        "#### Scenario: Empty",
        "#### Scenario: Full",
        "- **THEN** x",
      ),
    );
    expect(
      parsed.ok && parsed.value.requirements[0]!.scenarios.map((scenario) => scenario.name),
    ).toEqual(["Full"]);
    expect(parsed.diagnostics).toMatchObject([{ code: "empty_scenario", line: 7 }]);
  });

  it("GIVEN a level-5 heading straight under a requirement and one under a scenario WHEN parsed THEN the first is a scenario and the second part of its scenario", () => {
    const [requirement] = requirementsOf(
      spec(
        "## Purpose",
        "p",
        "## Requirements",
        "### Requirement: Levels",
        "Text.",
        "##### Jumped",
        "- **THEN** a",
        "#### Normal",
        "- **THEN** b",
        "##### Nested",
        "more",
      ),
    );
    expect(requirement!.scenarios.map(({ name, rawText }) => ({ name, rawText }))).toEqual([
      { name: "Jumped", rawText: "- **THEN** a" },
      { name: "Normal", rawText: "- **THEN** b\n##### Nested\nmore" },
    ]);
  });

  it("GIVEN metadata lines in a requirement body WHEN parsed THEN the text leaves them out unless they are all there is", () => {
    const requirements = requirementsOf(
      spec(
        "## Purpose",
        "p",
        "## Requirements",
        "### Requirement: Mixed",
        "**ID**: R-1",
        "The system SHALL act.",
        "### Requirement: Only metadata",
        "**ID**: R-2",
        "**Priority**: high",
        "### Requirement: Header only",
      ),
    );
    expect(requirements.map((requirement) => requirement.text)).toEqual([
      "The system SHALL act.",
      "**ID**: R-2\n**Priority**: high",
      "",
    ]);
  });

  it("GIVEN the same spec with CRLF line endings and a BOM WHEN parsed THEN the value is identical", () => {
    expect(parseSpec(asWindowsFile(SEED))).toEqual(parseSpec(SEED));
  });

  it("GIVEN a spec without a level-1 heading WHEN parsed THEN the title is empty and a missing_title warning says so", () => {
    expect(parseSpec(spec("## Purpose", "p", "## Requirements"))).toEqual({
      ok: true,
      value: { title: "", purpose: "p", requirements: [] },
      diagnostics: [
        {
          code: "missing_title",
          severity: "warning",
          message: 'Spec has no "# Title" heading.',
          line: 1,
        },
      ],
    });
  });

  it("GIVEN empty, binary or non-string input WHEN parsed THEN a failure value comes back and nothing throws", () => {
    expect(parseSpec("").ok).toBe(false);
    expect(parseSpec(undefined as unknown as string).ok).toBe(false);
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (garbage) => {
        const parsed = parseSpec(`## Purpose\np\n## Requirements\n${garbage}`);
        expect(parsed.ok).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("GIVEN huge input WHEN parsed THEN it finishes with a result: 50k requirements, and a 2 MB line of spaces between a heading and a line separator", () => {
    const many = ["## Purpose", "p", "## Requirements"];
    for (let index = 0; index < 50_000; index++)
      many.push(`### Requirement: R${index}`, "Text.", "#### Scenario: S", "- **THEN** t");
    expect(requirementsOf(many.join("\n"))).toHaveLength(50_000);
    const pathological = `## Purpose\np\n## Requirements\n### Requirement: x${" ".repeat(2_000_000)}\u2028y`;
    expect(parseSpec(pathological).ok).toBe(true);
  });
});
