import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDeltaSpec } from "./parse-delta-spec.js";

const delta = (...lines: string[]) => lines.join("\n");

describe("parseDeltaSpec", () => {
  it("GIVEN ADDED and MODIFIED requirements WHEN parsed THEN each is read with its text, scenarios and steps", () => {
    const parsed = parseDeltaSpec(
      delta(
        "## ADDED Requirements",
        "### Requirement: Logout",
        "The system SHALL end the session.",
        "#### Scenario: Click",
        "- **WHEN** the user logs out",
        "- **THEN** the session ends",
        "## MODIFIED Requirements",
        "### Requirement: Login",
        "The system MUST lock after 5 failures.",
      ),
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        added: [
          {
            name: "Logout",
            text: "The system SHALL end the session.",
            line: 2,
            scenarios: [
              {
                name: "Click",
                steps: [
                  { type: "WHEN", text: "the user logs out" },
                  { type: "THEN", text: "the session ends" },
                ],
              },
            ],
          },
        ],
        modified: [
          { name: "Login", text: "The system MUST lock after 5 failures.", scenarios: [], line: 8 },
        ],
        removed: [],
        renamed: [],
      },
    });
  });

  it("GIVEN REMOVED entries as -, * and + bullets and as a heading with a reason WHEN parsed THEN every name comes back in order and the heading keeps its body", () => {
    const parsed = parseDeltaSpec(
      delta(
        "## REMOVED Requirements",
        "- ### Requirement: Guest banner",
        "* `### Requirement: Guest cookie`",
        "+ ### Requirement: Guest theme ##",
        "### Requirement: Guest access",
        "**Reason**: Everyone signs in now.",
      ),
    );
    expect(parsed.ok && parsed.value.removed.map(({ name, line }) => ({ name, line }))).toEqual([
      { name: "Guest banner", line: 2 },
      { name: "Guest cookie", line: 3 },
      { name: "Guest theme", line: 4 },
      { name: "Guest access", line: 5 },
    ]);
    expect(
      parsed.ok && parsed.value.removed.map((entry) => entry.requirement?.text ?? null),
    ).toEqual([null, null, null, "**Reason**: Everyone signs in now."]);
  });

  it("GIVEN a bullet after a REMOVED heading WHEN parsed THEN it still names a removal, and also sits in that heading's body as the CLI reads it", () => {
    const parsed = parseDeltaSpec(
      delta("## REMOVED Requirements", "### Requirement: Old", "- ### Requirement: Older"),
    );
    expect(
      parsed.ok &&
        parsed.value.removed.map((entry) => [entry.name, entry.requirement?.text ?? null]),
    ).toEqual([
      ["Old", "- ### Requirement: Older"],
      ["Older", null],
    ]);
  });

  it("GIVEN RENAMED FROM/TO lines with and without bullets and backticks WHEN parsed THEN they pair up at the FROM line", () => {
    const parsed = parseDeltaSpec(
      delta(
        "## RENAMED Requirements",
        "- FROM: `### Requirement: Timeout`",
        "- TO: `### Requirement: Session expiry`",
        "FROM: ### Requirement: Logout",
        "TO: ### Requirement: Sign out",
      ),
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        renamed: [
          { from: "Timeout", to: "Session expiry", line: 2 },
          { from: "Logout", to: "Sign out", line: 4 },
        ],
      },
      diagnostics: [],
    });
  });

  it("GIVEN a TO with no FROM, a FROM displaced by another and a FROM left at the end WHEN parsed THEN only the real pair is kept and each stray line is an unpaired_rename warning", () => {
    const parsed = parseDeltaSpec(
      delta(
        "## RENAMED Requirements",
        "- TO: `### Requirement: Lonely`",
        "- FROM: `### Requirement: First`",
        "- FROM: `### Requirement: Second`",
        "- TO: `### Requirement: Target`",
        "- FROM: `### Requirement: Dangling`",
      ),
    );
    expect(parsed.ok && parsed.value.renamed).toEqual([{ from: "Second", to: "Target", line: 4 }]);
    expect(parsed.diagnostics.map(({ code, line }) => ({ code, line }))).toEqual([
      { code: "unpaired_rename", line: 2 },
      { code: "unpaired_rename", line: 3 },
      { code: "unpaired_rename", line: 6 },
    ]);
  });

  it("GIVEN ADDED written twice, once in lower case WHEN parsed THEN both sections are read in document order", () => {
    const parsed = parseDeltaSpec(
      delta(
        "## ADDED Requirements",
        "### Requirement: One",
        "Text.",
        "## Notes",
        "## added requirements",
        "### Requirement: Two",
        "Text.",
      ),
    );
    expect(parsed.ok && parsed.value.added.map((requirement) => requirement.name)).toEqual([
      "One",
      "Two",
    ]);
  });

  it("GIVEN a divider heading, a nameless requirement and requirements outside delta sections WHEN parsed THEN they are skipped with warnings on their lines", () => {
    const parsed = parseDeltaSpec(
      delta(
        "### Requirement: Above everything",
        "## ADDED Requirements",
        "### Documentation Requirements",
        "### Requirement:   ",
        "## Notes",
        "### Requirement: Under notes",
      ),
    );
    expect(parsed.ok && parsed.value.added).toEqual([]);
    expect(parsed.diagnostics.map(({ code, line }) => [code, line])).toEqual([
      ["requirement_outside_delta_section", 1],
      ["ignored_heading", 3],
      ["nameless_requirement", 4],
      ["requirement_outside_delta_section", 6],
    ]);
  });

  it("GIVEN a level-4 heading without the Scenario prefix and a tight ###Requirement: heading WHEN parsed THEN the heading is a scenario and the requirement is read", () => {
    const parsed = parseDeltaSpec(
      delta(
        "## MODIFIED Requirements",
        "###Requirement: Tight",
        "The system SHALL x.",
        "#### Edge case",
        "- **THEN** y",
      ),
    );
    expect(parsed).toMatchObject({
      ok: true,
      value: {
        modified: [
          { name: "Tight", heading: "Requirement: Tight", scenarios: [{ name: "Edge case" }] },
        ],
      },
    });
  });

  it("GIVEN a document with no delta section WHEN parsed THEN it fails with missing_delta_sections", () => {
    expect(parseDeltaSpec("# A main spec\n\n## Purpose\n\nx")).toEqual({
      ok: false,
      diagnostics: [
        {
          code: "missing_delta_sections",
          severity: "error",
          message: "No ## ADDED, MODIFIED, REMOVED or RENAMED Requirements section.",
          line: 1,
        },
      ],
    });
  });

  it("GIVEN binary garbage inside each section WHEN parsed THEN a value comes back and nothing throws", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (garbage) => {
        const sections = ["ADDED", "MODIFIED", "REMOVED", "RENAMED"];
        const parsed = parseDeltaSpec(
          sections.map((kind) => `## ${kind} Requirements\n${garbage}`).join("\n"),
        );
        expect(parsed.ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
