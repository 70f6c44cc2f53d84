import { describe, expect, it } from "vitest";
import { configWarnsInCli } from "./config-warns-in-cli.js";

describe("which openspec/config.yaml the native readers leave to the CLI", () => {
  it.each([
    ["the built-in schema alone", "schema: spec-driven\n", false],
    [
      "context and rules as the CLI wants them",
      "schema: spec-driven\ncontext: |\n  TypeScript\nrules:\n  specs:\n    - Name the platform\n",
      false,
    ],
    ["a context written as a list", "schema: spec-driven\ncontext:\n  - a\n", true],
    ["a context past the CLI's 50 KB", `context: "${"x".repeat(51 * 1024)}"\n`, true],
    ["rules that are not a list", "rules:\n  specs: one rule\n", true],
    ["an empty rule", "rules:\n  specs:\n    - ''\n", true],
    ["an empty schema", "schema: ''\n", true],
    ["a store pointer", "schema: spec-driven\nstore: team\n", true],
    ["YAML that does not parse", "schema: [\n", true],
    ["a list instead of settings", "- schema\n", true],
    ["an empty file", "", true],
    [
      "a long context block, its lines full of colons and brackets",
      `schema: spec-driven\ncontext: |\n${"  a: [b, {c}]\n".repeat(2000)}# a comment\nrules:\n  specs:\n    - Name the platform\n`,
      false,
    ],
    [
      "more rules than a person writes, which the parser would take long over when they run to thousands",
      `rules:\n  specs:\n${"    - a rule\n".repeat(500)}`,
      true,
    ],
    ["nested flow brackets", `rules:\n  specs: ${"[".repeat(100)}${"]".repeat(100)}\n`, true],
  ])("GIVEN %s WHEN the config is weighed THEN the CLI answers: %s", (_what, text, warns) => {
    expect(configWarnsInCli(text)).toBe(warns);
  });
});
