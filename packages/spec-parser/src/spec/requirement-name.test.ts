import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  hasRequirementPrefix,
  requirementName,
  scenarioName,
  stripClosingHashes,
} from "./requirement-name.js";

// The readings before they became index scans, regexes included: the oracle.
const REQUIREMENT_PREFIX = /^requirement:\s*/i;
const SCENARIO_PREFIX = /^scenario:\s*/i;
const isSpaceOrTab = (code: number) => code === 0x20 || code === 0x09;
function oldStrip(text: string): string {
  let end = text.length;
  while (end > 0 && isSpaceOrTab(text.charCodeAt(end - 1))) end--;
  let hashes = end;
  while (hashes > 0 && text.charCodeAt(hashes - 1) === 0x23) hashes--;
  if (hashes === end || hashes === 0 || !isSpaceOrTab(text.charCodeAt(hashes - 1))) {
    return text.trim();
  }
  let spaceStart = hashes - 1;
  while (spaceStart > 0 && isSpaceOrTab(text.charCodeAt(spaceStart - 1))) spaceStart--;
  return text.slice(0, spaceStart).trim();
}
const oldRequirementName = (heading: string) => oldStrip(heading.replace(REQUIREMENT_PREFIX, ""));
const oldScenarioName = (heading: string) => oldStrip(heading).replace(SCENARIO_PREFIX, "").trim();

const PIECES = [
  "Requirement:",
  "requirement:",
  "REQUIREMENT:",
  "Requirement",
  "requirement :",
  "Scenario:",
  "scenario:",
  "SCENARIO:",
  "Scenari0:",
  "ſcenario:",
  "İ",
  "K",
  ":",
  "#",
  "##",
  "###",
  " ",
  "  ",
  "\t",
  "\u00a0",
  "\u2028",
  "\u3000",
  "C#",
  "Foo",
  "x",
  "é",
];
const heading = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((parts) => parts.join("")),
  fc.string({ maxLength: 16 }),
);

describe("requirement and scenario names read by index scans equal to the former regexes", () => {
  it("GIVEN any heading built from prefixes, closing runs and spaces WHEN named THEN every reading equals the former one", () => {
    fc.assert(
      fc.property(heading, (text) => {
        expect(requirementName(text)).toBe(oldRequirementName(text));
        expect(scenarioName(text)).toBe(oldScenarioName(text));
        expect(stripClosingHashes(text)).toBe(oldStrip(text));
        expect(hasRequirementPrefix(text)).toBe(REQUIREMENT_PREFIX.test(text));
      }),
      { numRuns: 30_000 },
    );
  });

  it("GIVEN headings as written in specs WHEN named THEN prefixes and closing runs go and C# stays", () => {
    expect(requirementName("Requirement: Login ###")).toBe("Login");
    expect(requirementName("REQUIREMENT:\tC#")).toBe("C#");
    expect(scenarioName("  Scenario:   Valid login ## ")).toBe("Valid login");
    expect(scenarioName("Scenario:  ##")).toBe("");
    expect(hasRequirementPrefix("Requirements")).toBe(false);
  });
});
