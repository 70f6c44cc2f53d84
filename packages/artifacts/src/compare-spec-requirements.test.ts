import { AUTH_SPEC } from "@org/test-kit";
import { describe, expect, it } from "vitest";
import { compareSpecRequirements } from "./compare-spec-requirements.js";

const spec = (...requirements: string[]) =>
  `# Auth\n\n## Purpose\n\nWho may sign in.\n\n## Requirements\n\n${requirements.join("\n")}`;
const requirement = (name: string, text: string, ...scenarios: [string, string][]) =>
  [
    `### Requirement: ${name}`,
    text,
    "",
    ...scenarios.flatMap(([scenario, body]) => [`#### Scenario: ${scenario}`, body, ""]),
  ].join("\n");

const LOGIN = requirement(
  "Login",
  "The system SHALL sign people in.",
  ["Valid", "- **WHEN** the password matches\n- **THEN** a session starts"],
  ["Invalid", "- **WHEN** the password is wrong\n- **THEN** it is refused"],
);
const LOGOUT = requirement("Logout", "The system SHALL sign people out.", [
  "Button",
  "- **WHEN** they press it\n- **THEN** the session ends",
]);

describe("compareSpecRequirements without operations (two versions of a file)", () => {
  it("GIVEN an unchanged spec WHEN compared THEN no requirement is listed", () => {
    expect(compareSpecRequirements({ before: AUTH_SPEC, after: AUTH_SPEC })).toEqual({
      requirements: [],
      diagnostics: [],
    });
  });

  it("GIVEN a scenario added, one reworded and the text kept WHEN compared THEN MODIFIED lists each scenario by what happened to it", () => {
    const after = requirement(
      "Login",
      "The system SHALL sign people in.",
      ["Valid", "- **WHEN** the password matches\n- **THEN** a session starts and is logged"],
      ["Locked", "- **WHEN** the account is locked\n- **THEN** it is refused"],
    );
    expect(
      compareSpecRequirements({ before: spec(LOGIN), after: spec(after) }).requirements,
    ).toEqual([
      {
        name: "Login",
        operation: "MODIFIED",
        scenarios: { added: ["Locked"], removed: ["Invalid"], changed: ["Valid"] },
        text_changed: false,
      },
    ]);
  });

  it("GIVEN a requirement only in the new text and one only in the old WHEN compared THEN ADDED and REMOVED, with all their scenarios", () => {
    const result = compareSpecRequirements({ before: spec(LOGIN), after: spec(LOGOUT) });
    expect(result.requirements).toEqual([
      {
        name: "Logout",
        operation: "ADDED",
        scenarios: { added: ["Button"], removed: [], changed: [] },
        text_changed: true,
      },
      {
        name: "Login",
        operation: "REMOVED",
        scenarios: { added: [], removed: ["Valid", "Invalid"], changed: [] },
        text_changed: true,
      },
    ]);
  });

  it("GIVEN a requirement whose heading alone changed WHEN compared THEN RENAMED from its old name, nothing else changed", () => {
    const renamed = LOGIN.replace("Requirement: Login", "Requirement: Sign in");
    expect(
      compareSpecRequirements({ before: spec(LOGIN, LOGOUT), after: spec(renamed, LOGOUT) })
        .requirements,
    ).toEqual([
      {
        name: "Sign in",
        operation: "RENAMED",
        from: "Login",
        scenarios: { added: [], removed: [], changed: [] },
        text_changed: false,
      },
    ]);
  });

  it("GIVEN an empty baseline (a new spec) WHEN compared THEN every requirement is ADDED", () => {
    const result = compareSpecRequirements({ before: "", after: spec(LOGIN) });
    expect(result.requirements.map((entry) => [entry.operation, entry.name])).toEqual([
      ["ADDED", "Login"],
    ]);
  });

  it("GIVEN a baseline without a Purpose WHEN compared THEN a diagnostic says it cannot be read, and no requirement is guessed", () => {
    const result = compareSpecRequirements({ before: "# Auth\n\nNothing.\n", after: spec(LOGIN) });
    expect(result.requirements).toEqual([]);
    expect(result.diagnostics).toEqual([
      expect.objectContaining({
        code: "missing_purpose",
        severity: "error",
        message: expect.stringMatching(/^The baseline cannot be read as a spec/),
      }),
      expect.objectContaining({ code: "missing_requirements" }),
    ]);
  });
});

describe("compareSpecRequirements with a delta's operations", () => {
  it("GIVEN a rename and a modification of the renamed requirement WHEN compared THEN one RENAMED entry compares the new text to the old", () => {
    const after = requirement("Sign in", "The system SHALL sign people in with a passkey.", [
      "Valid",
      "- **WHEN** the password matches\n- **THEN** a session starts",
    ]);
    const result = compareSpecRequirements({
      before: spec(LOGIN),
      after: spec(after),
      operations: [
        { operation: "RENAMED", name: "Sign in", from: "Login" },
        { operation: "MODIFIED", name: "Sign in" },
      ],
    });
    expect(result.requirements).toEqual([
      {
        name: "Sign in",
        operation: "RENAMED",
        from: "Login",
        scenarios: { added: [], removed: ["Invalid"], changed: [] },
        text_changed: true,
      },
    ]);
  });

  it("GIVEN operations the texts alone would read otherwise WHEN compared THEN the delta's operations are kept as they are", () => {
    const result = compareSpecRequirements({
      before: spec(LOGIN, LOGOUT),
      after: spec(LOGIN),
      operations: [
        { operation: "MODIFIED", name: "Login" },
        { operation: "REMOVED", name: "Logout" },
      ],
    });
    expect(result.requirements).toEqual([
      {
        name: "Login",
        operation: "MODIFIED",
        scenarios: { added: [], removed: [], changed: [] },
        text_changed: false,
      },
      {
        name: "Logout",
        operation: "REMOVED",
        scenarios: { added: [], removed: ["Button"], changed: [] },
        text_changed: true,
      },
    ]);
  });

  it("GIVEN no merged text (the archive would refuse the delta) WHEN compared THEN the operations are listed without a comparison", () => {
    const result = compareSpecRequirements({
      before: spec(LOGIN),
      after: null,
      operations: [{ operation: "MODIFIED", name: "Missing" }],
    });
    expect(result.requirements).toEqual([
      { name: "Missing", operation: "MODIFIED", text_changed: false },
    ]);
  });
});
