import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDeltaSpec } from "../delta/parse-delta-spec.js";
import { readTitle } from "../document/read-title.js";
import { asRequirementInput } from "../test-support/as-requirement-input.js";
import { deltaSpecInput } from "../test-support/spec-input-arbitrary.js";
import { stringifyDeltaSpec } from "./stringify-delta-spec.js";

describe("stringifyDeltaSpec", () => {
  it("GIVEN one entry of each kind WHEN stringified THEN the four delta sections are written in order", () => {
    const markdown = stringifyDeltaSpec({
      added: [
        {
          name: "Logout",
          text: "The system SHALL end the session.",
          scenarios: [{ name: "Click", steps: [{ type: "WHEN", text: "the user logs out" }] }],
        },
      ],
      modified: [{ name: "Login", text: "The system MUST lock after 5 failures." }],
      removed: ["Guest access"],
      renamed: [{ from: "Timeout", to: "Session expiry" }],
    });
    expect(markdown).toBe(
      [
        "## ADDED Requirements",
        "",
        "### Requirement: Logout",
        "",
        "The system SHALL end the session.",
        "",
        "#### Scenario: Click",
        "",
        "- **WHEN** the user logs out",
        "",
        "## MODIFIED Requirements",
        "",
        "### Requirement: Login",
        "",
        "The system MUST lock after 5 failures.",
        "",
        "## REMOVED Requirements",
        "",
        "### Requirement: Guest access",
        "",
        "## RENAMED Requirements",
        "",
        "- FROM: `### Requirement: Timeout`",
        "- TO: `### Requirement: Session expiry`",
        "",
      ].join("\n"),
    );
  });

  it("GIVEN any delta input in the round-trip domain WHEN stringified and parsed again THEN the same entries come back", () => {
    fc.assert(
      fc.property(deltaSpecInput, (input) => {
        const markdown = stringifyDeltaSpec(input);
        const parsed = parseDeltaSpec(markdown);
        const written = [input.added, input.modified, input.removed, input.renamed].some(
          (entries) => (entries ?? []).length > 0,
        );
        expect(parsed.ok).toBe(written);
        if (!parsed.ok) return;
        expect(parsed.value.added.map(asRequirementInput)).toEqual(input.added);
        expect(parsed.value.modified.map(asRequirementInput)).toEqual(input.modified);
        expect(parsed.value.removed.map((entry) => entry.name)).toEqual(input.removed);
        expect(parsed.value.renamed.map(({ from, to }) => ({ from, to }))).toEqual(input.renamed);
      }),
      { numRuns: 300 },
    );
  });

  it("GIVEN a removal with a reason and a migration WHEN stringified THEN they are the **Reason** and **Migration** lines under its heading, as OpenSpec's template writes them", () => {
    const markdown = stringifyDeltaSpec({
      removed: [
        { name: "SMS login", reason: "Replaced by passkeys", migration: "Use a passkey\ninstead" },
        { name: "Guest access" },
      ],
    });
    expect(markdown).toBe(
      [
        "## REMOVED Requirements",
        "",
        "### Requirement: SMS login",
        "",
        "**Reason**: Replaced by passkeys",
        "**Migration**: Use a passkey instead",
        "",
        "### Requirement: Guest access",
        "",
      ].join("\n"),
    );
    const parsed = parseDeltaSpec(markdown);
    expect(parsed.ok && parsed.value.removed.map((entry) => entry.name)).toEqual([
      "SMS login",
      "Guest access",
    ]);
    expect(parsed.ok && parsed.value.removed[0]?.requirement?.description).toBe(
      "**Reason**: Replaced by passkeys\n**Migration**: Use a passkey instead",
    );
  });

  it("GIVEN nothing to write WHEN stringified THEN the result is empty and reads as no delta", () => {
    const markdown = stringifyDeltaSpec({});
    expect(markdown).toBe("");
    expect(parseDeltaSpec(markdown)).toMatchObject({
      ok: false,
      diagnostics: [{ code: "missing_delta_sections" }],
    });
  });

  it("GIVEN a title and a purpose that leaves a code fence open WHEN stringified THEN the fence is closed before the sections, which still read", () => {
    const markdown = stringifyDeltaSpec({
      title: "Checkout",
      purpose: "Pay for the cart.\n\n```sh\n## ADDED Requirements",
      added: [
        {
          name: "Pay",
          text: "The system SHALL charge the card.",
          scenarios: [{ name: "Paid", steps: [{ type: "WHEN", text: "paying" }] }],
        },
      ],
    });
    expect(readTitle(markdown)).toBe("Checkout");
    const parsed = parseDeltaSpec(markdown);
    expect(parsed.ok && parsed.value.added.map((requirement) => requirement.name)).toEqual(["Pay"]);
  });
});
