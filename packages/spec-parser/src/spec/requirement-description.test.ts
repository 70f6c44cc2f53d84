import { describe, expect, it } from "vitest";
import { parseDeltaSpec } from "../delta/parse-delta-spec.js";
import { parseSpec } from "./parse-spec.js";

const DESCRIPTION = [
  "The system SHALL keep every paragraph.",
  "",
  "",
  "A second paragraph, after two blank lines.",
  "",
  "```sh",
  "# a shell comment, not a heading",
  "",
  "openspec validate --strict",
  "```",
  "",
  "> A quote",
  ">",
  "> that goes on.",
  "",
  "  - an indented item  ",
  "**ID**: REQ-1",
].join("\n");

const BODY = `### Requirement: Keep\n\n\n${DESCRIPTION}\n\n\n#### Scenario: Kept\n\n- **WHEN** shown\n- **THEN** nothing is lost\n`;

describe("Requirement.description", () => {
  it("GIVEN a requirement with paragraphs, a fenced block, a quote, a list and metadata WHEN parsed as a spec THEN description is the body exactly as written and text stays the CLI's", () => {
    const parsed = parseSpec(`# T\n\n## Purpose\n\nWhy.\n\n## Requirements\n\n${BODY}`);
    expect(parsed.ok).toBe(true);
    const [requirement] = parsed.ok ? parsed.value.requirements : [];
    expect(requirement?.description).toBe(DESCRIPTION);
    expect(requirement?.text).toBe(
      "The system SHALL keep every paragraph.\nA second paragraph, after two blank lines.\n> A quote\n>\n> that goes on.\n- an indented item",
    );
  });

  it("GIVEN the same requirement in a delta WHEN parsed THEN its description is the same", () => {
    const parsed = parseDeltaSpec(`## ADDED Requirements\n\n${BODY}`);
    expect(parsed.ok && parsed.value.added[0]?.description).toBe(DESCRIPTION);
  });

  it("GIVEN a requirement with no body before its scenario WHEN parsed THEN its description is empty", () => {
    const parsed = parseDeltaSpec(
      "## ADDED Requirements\n\n### Requirement: Bare\n\n#### Scenario: S\n\n- **WHEN** x\n",
    );
    expect(parsed.ok && parsed.value.added[0]?.description).toBe("");
  });
});
