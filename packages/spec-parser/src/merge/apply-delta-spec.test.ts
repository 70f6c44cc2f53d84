import { describe, expect, it } from "vitest";
import { applyDeltaSpec } from "./apply-delta-spec.js";
import type { ApplyDeltaSpecInput, MergeResult } from "./merge-types.js";

const requirement = (name: string, statement = `The system SHALL ${name.toLowerCase()}.`) =>
  [
    `### Requirement: ${name}`,
    statement,
    "",
    `#### Scenario: ${name} works`,
    "- **WHEN** used",
    "- **THEN** it works",
  ].join("\n");

const BASELINE = [
  "# Auth Specification",
  "",
  "## Purpose",
  "Who may sign in, and how, for every client of the service.",
  "",
  "## Requirements",
  requirement("Login"),
  "",
  requirement("Logout"),
  "",
].join("\n");

const merge = (delta: string, baseline: string | null = BASELINE) =>
  applyDeltaSpec({ specId: "auth", change: "add-2fa", baseline, delta });

function merged(result: MergeResult): string {
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join("\n"));
  return result.text;
}

function refusal(result: MergeResult): string[] {
  if (result.ok) throw new Error("expected a refusal");
  return result.diagnostics
    .filter((d) => d.severity === "error")
    .map((d) => `${d.code}: ${d.message}`);
}

describe("applyDeltaSpec", () => {
  it("GIVEN an ADDED requirement WHEN merged THEN it follows the existing ones, one blank line apart, and the file ends in one newline", () => {
    const result = merge(`## ADDED Requirements\n\n${requirement("Two factor")}\n\n\n`);
    expect(merged(result)).toBe(
      [
        "# Auth Specification",
        "",
        "## Purpose",
        "Who may sign in, and how, for every client of the service.",
        "",
        "## Requirements",
        "",
        requirement("Login"),
        "",
        requirement("Logout"),
        "",
        requirement("Two factor"),
        "",
      ].join("\n"),
    );
    expect(result.ok && result.operations).toEqual([
      { name: "Two factor", operation: "ADDED", applied: true },
    ]);
  });

  it("GIVEN a rename and a MODIFIED block under the new name WHEN merged THEN the block keeps its place with the new heading and body", () => {
    const delta = [
      "## RENAMED Requirements",
      "- FROM: `### Requirement: Login`",
      "- TO: `### Requirement: Sign in`",
      "",
      "## MODIFIED Requirements",
      requirement("Sign in", "The system SHALL accept a password or a passkey."),
      "",
      "#### Scenario: Login works",
      "- **WHEN** used",
      "- **THEN** it still works",
    ].join("\n");
    const result = merge(delta);
    const text = merged(result);
    expect(text.indexOf("### Requirement: Sign in")).toBeLessThan(
      text.indexOf("### Requirement: Logout"),
    );
    expect(text).toContain("The system SHALL accept a password or a passkey.");
    expect(text).not.toContain("### Requirement: Login");
    expect(result.ok && result.operations).toEqual([
      { name: "Sign in", operation: "RENAMED", from: "Login", applied: true },
      { name: "Sign in", operation: "MODIFIED", applied: true },
    ]);
  });

  it("GIVEN a REMOVED requirement WHEN merged THEN its whole block is gone and the rest is kept", () => {
    const text = merged(merge("## REMOVED Requirements\n- `### Requirement: Logout`\n"));
    expect(text).not.toContain("Logout");
    expect(text).toContain(requirement("Login"));
  });

  it("GIVEN no baseline WHEN merged THEN the spec starts from the CLI's skeleton with its placeholder Purpose naming the change", () => {
    const text = merged(merge(`## ADDED Requirements\n${requirement("Login")}\n`, null));
    expect(text).toBe(
      [
        "# auth Specification",
        "",
        "## Purpose",
        "TBD - created by archiving change add-2fa. Update Purpose after archive.",
        "",
        "## Requirements",
        "",
        requirement("Login"),
        "",
      ].join("\n"),
    );
  });

  it("GIVEN no baseline and a delta with its own Purpose WHEN merged THEN that Purpose replaces the placeholder", () => {
    const purpose = "Sign-in for every client of the service, passwords and passkeys alike.";
    const text = merged(
      merge(`## Purpose\n${purpose}\n\n## ADDED Requirements\n${requirement("Login")}\n`, null),
    );
    expect(text).toContain(`## Purpose\n${purpose}\n\n## Requirements`);
  });

  it("GIVEN a CRLF baseline WHEN merged THEN the spec is written back with CRLF", () => {
    const crlf = BASELINE.replace(/\n/g, "\r\n");
    const text = merged(merge(`## ADDED Requirements\n${requirement("Two factor")}\n`, crlf));
    expect(text.match(/\r\n/g)?.length).toBe(text.match(/\n/g)?.length);
    expect(text.replace(/\r\n/g, "\n")).toContain(requirement("Two factor"));
  });

  it("GIVEN a delta the baseline already reflects WHEN merged THEN nothing is written: the text is the baseline byte for byte", () => {
    const untidy = `${BASELINE.replace(/\n/g, "\r\n")}   \r\n\r\n\r\n`;
    const result = merge(`## ADDED Requirements\n${requirement("Login")}\n`, untidy);
    expect(result.ok && result.changed).toBe(false);
    expect(merged(result)).toBe(untidy);
    expect(result.ok && result.operations).toEqual([
      { name: "Login", operation: "ADDED", applied: false },
    ]);
  });

  it("GIVEN text above, inside and below the requirements WHEN merged THEN it is kept, blank runs collapse outside fences only", () => {
    const baseline = [
      "# Auth",
      "",
      "## Purpose",
      "Who may sign in, and how, for every client of the service.",
      "",
      "",
      "",
      "## Requirements",
      "Requirements follow.",
      requirement("Login"),
      "```text",
      "a",
      "",
      "",
      "b",
      "```",
      "",
      "## Notes",
      "Kept.",
    ].join("\n");
    const text = merged(merge(`## ADDED Requirements\n${requirement("Logout")}\n`, baseline));
    expect(text).toContain(
      "service.\n\n## Requirements\n\nRequirements follow.\n\n### Requirement: Login",
    );
    expect(text).toContain("```text\na\n\n\nb\n```\n\n### Requirement: Logout");
    expect(text.endsWith("- **THEN** it works\n\n## Notes\nKept.\n")).toBe(true);
  });

  it("GIVEN a REMOVED requirement the baseline lacks WHEN merged THEN it is a warning and a no-op", () => {
    const result = merge("## REMOVED Requirements\n- `### Requirement: Passkeys`\n");
    expect(result.ok && result.changed).toBe(false);
    expect(result.ok && result.diagnostics.map((d) => d.code)).toEqual(["removed_missing"]);
  });

  it.each([
    [
      "a MODIFIED requirement the baseline lacks",
      `## MODIFIED Requirements\n${requirement("Passkeys")}\n`,
      'modified_missing: auth MODIFIED failed for header "### Requirement: Passkeys" - not found',
    ],
    [
      "an ADDED requirement that exists with other text",
      `## ADDED Requirements\n${requirement("Login", "The system SHALL do otherwise.")}\n`,
      'added_exists: auth ADDED failed for header "### Requirement: Login" - already exists',
    ],
    [
      "an ADDED requirement differing from an existing one only in case",
      `## ADDED Requirements\n${requirement("LOGIN")}\n`,
      'added_exists: auth ADDED failed for header "### Requirement: LOGIN" - "### Requirement: Login" already exists and differs only in case or spacing; use MODIFIED with that exact header to change it, or choose a distinct name',
    ],
    [
      "a rename onto an existing name",
      "## RENAMED Requirements\n- FROM: `### Requirement: Login`\n- TO: `### Requirement: Logout`\n",
      'rename_target_exists: auth RENAMED failed for header "### Requirement: Logout" - target already exists',
    ],
    [
      "a rename of a missing requirement",
      "## RENAMED Requirements\n- FROM: `### Requirement: Passkeys`\n- TO: `### Requirement: Keys`\n",
      'rename_source_missing: auth RENAMED failed for header "### Requirement: Passkeys" - source not found',
    ],
    [
      "a MODIFIED block that drops a scenario",
      "## MODIFIED Requirements\n### Requirement: Login\nThe system SHALL log in.\n\n#### Scenario: Other\n- **WHEN** x\n",
      'modified_drops_scenarios: auth MODIFIED failed for header "### Requirement: Login" - current spec contains scenario(s) not present in the modified block: "Login works". The modified block has 1 scenario; the current spec has 1 scenario. It adds 1 scenario not in the current spec: "Other". Refresh the change spec before archiving to avoid dropping scenarios.',
    ],
    [
      "the same requirement ADDED twice",
      `## ADDED Requirements\n${requirement("Passkeys")}\n\n${requirement("Passkeys")}\n`,
      'duplicate_requirement: Duplicate requirement in ADDED: "Passkeys"',
    ],
    [
      "an ADDED requirement without a scenario",
      "## ADDED Requirements\n### Requirement: Passkeys\nThe system SHALL accept passkeys.\n",
      'requirement_without_scenarios: ADDED "Passkeys" must include at least one scenario',
    ],
    [
      "a delta without delta sections",
      "## Notes\nNothing here.\n",
      "missing_delta_sections: Delta parsing found no operations for auth. Provide ADDED/MODIFIED/REMOVED/RENAMED sections in change spec.",
    ],
  ])("GIVEN %s WHEN merged THEN it is refused with the CLI's words", (_, delta, expected) => {
    expect(refusal(merge(delta))).toEqual([expected]);
  });

  it("GIVEN a delta without delta sections in a change the archive validates first WHEN merged THEN it is refused in validate's words", () => {
    const result = applyDeltaSpec({
      specId: "auth",
      change: "add-2fa",
      baseline: BASELINE,
      delta: "## Notes\nNothing here.\n",
      validated: true,
    });
    expect(refusal(result)).toEqual([
      'missing_delta_sections: No delta sections found. Add headers such as "## ADDED Requirements" or move non-delta notes outside specs/.',
    ]);
  });

  it("GIVEN no baseline and a MODIFIED requirement WHEN merged THEN it is refused: only ADDED may create a spec", () => {
    expect(refusal(merge(`## MODIFIED Requirements\n${requirement("Login")}\n`, null))).toEqual([
      "new_spec_with_modified_or_renamed: auth: target spec does not exist; only ADDED requirements are allowed for new specs. MODIFIED and RENAMED operations require an existing spec.",
    ]);
  });

  it("GIVEN a delta removing every requirement WHEN merged THEN it is refused: the rebuilt spec has no requirement", () => {
    const delta =
      "## REMOVED Requirements\n- `### Requirement: Login`\n- `### Requirement: Logout`\n";
    expect(refusal(merge(delta))).toEqual([
      "merged_spec_invalid: Rebuilt spec for 'auth' failed validation. No files were changed. Spec must have at least one requirement",
    ]);
  });

  it("GIVEN a baseline with a delta header in it WHEN merged THEN it is refused as structurally invalid", () => {
    const broken = `${BASELINE}\n## ADDED Requirements\n`;
    const [message] = refusal(merge(`## ADDED Requirements\n${requirement("Passkeys")}\n`, broken));
    expect(message).toMatch(
      /^invalid_baseline_structure: auth: target spec is structurally invalid/,
    );
  });

  it("GIVEN the same inputs twice WHEN merged THEN the results are equal", () => {
    const delta = `## ADDED Requirements\n${requirement("Two factor")}\n`;
    expect(merge(delta)).toEqual(merge(delta));
  });

  it("GIVEN a caller without types passing a number as the delta WHEN merged THEN it is refused with invalid_input, not a TypeError", () => {
    const input = {
      specId: "auth",
      change: "c",
      baseline: null,
      delta: 42,
    } as unknown as ApplyDeltaSpecInput;
    expect(refusal(applyDeltaSpec(input))).toEqual([
      "invalid_input: applyDeltaSpec needs specId, change and delta as strings, and baseline as a string or null.",
    ]);
  });

  // openspec archive run twice on the same inputs printed these files (1.13.2).
  it("GIVEN a heading without text after the requirements WHEN the same MODIFIED is merged twice THEN like the CLI it stays as ## the first time and goes the second", () => {
    const scenario = (name: string) => [
      `#### Scenario: ${name}`,
      "- **WHEN** it runs",
      "- **THEN** it works",
    ];
    const login = [
      "### Requirement: Login",
      "",
      "The system SHALL do it.",
      "",
      ...scenario("works"),
    ];
    const head = [
      "# Auth",
      "## Purpose",
      "Who may sign in, and how, for every client of the service.",
      "## Requirements",
      "",
    ];
    const baseline = [...head, ...login, "## ", "", ""].join("\n");
    const delta = ["## MODIFIED Requirements", "", ...login, "", ...scenario("fails"), ""].join(
      "\n",
    );
    const afterFirst =
      "# Auth\n## Purpose\nWho may sign in, and how, for every client of the service.\n\n## Requirements\n\n### Requirement: Login\n\nThe system SHALL do it.\n\n#### Scenario: works\n- **WHEN** it runs\n- **THEN** it works\n\n#### Scenario: fails\n- **WHEN** it runs\n- **THEN** it works\n\n##\n";
    const first = applyDeltaSpec({ specId: "auth", change: "c1", baseline, delta });
    expect(first).toMatchObject({ ok: true, text: afterFirst });
    const second = applyDeltaSpec({ specId: "auth", change: "c2", baseline: afterFirst, delta });
    expect(second).toMatchObject({
      ok: true,
      changed: true,
      text: afterFirst.slice(0, -"\n##\n".length),
    });
  });
});
