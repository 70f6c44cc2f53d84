import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { edgeLines } from "../test-support/edge-markdown.js";
import { readStepLine, startsListItem } from "./step-line.js";

// The regexes the step reader used before it became a scan: the oracle.
const BOLD_STEP = /^\s*[-*+]\s+\*\*(given|when|then|and|but)(?::\*\*|\*\*:?)\s*/i;
const PLAIN_STEP = /^\s*[-*+]\s+(GIVEN|WHEN|THEN|AND|BUT)\b:?\s*/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])(?:\s|$)/;

function byRegex(line: string): { type: string; textStart: number } | null {
  const match = BOLD_STEP.exec(line) ?? PLAIN_STEP.exec(line);
  return match === null ? null : { type: match[1]!.toUpperCase(), textStart: match[0].length };
}

// Pieces of the patterns, their near misses, and characters that fold or
// count as space in some readings but not others.
const PIECES = [
  "-",
  "*",
  "+",
  "**",
  "*",
  ":",
  " ",
  "\t",
  "\u00a0",
  "\u2028",
  "\u3000",
  "\ufeff",
  "\n",
  "given",
  "GIVEN",
  "Given",
  "gIvEn",
  "when",
  "WHEN",
  "then",
  "THEN",
  "and",
  "AND",
  "but",
  "BUT",
  "GIVE",
  "ANDY",
  "BUTT",
  "İ",
  "ı",
  "ſ",
  "K",
  "é",
  "_",
  "x",
  "1",
  "12",
  "123456789",
  "1234567890",
  ".",
  ")",
  "text",
];
const line = fc.array(fc.constantFrom(...PIECES), { maxLength: 9 }).map((parts) => parts.join(""));
const anyLine = fc.oneof(line, fc.string({ maxLength: 12 }), fc.constantFrom(...edgeLines));

describe("step lines read by a scan equal to the regexes", () => {
  it("GIVEN any line built from the patterns' pieces WHEN read THEN the step type and text start equal the regexes'", () => {
    fc.assert(
      fc.property(anyLine, (text) => {
        expect(readStepLine(text)).toEqual(byRegex(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it("GIVEN any line built from the patterns' pieces WHEN tested as a list item THEN the answer equals the regex's", () => {
    fc.assert(
      fc.property(anyLine, (text) => {
        expect(startsListItem(text)).toBe(LIST_ITEM.test(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it("GIVEN the spellings a scenario uses WHEN read THEN each gives its step or none", () => {
    expect(readStepLine("- **Given:** a user")).toEqual({ type: "GIVEN", textStart: 13 });
    expect(readStepLine("  * **then**: it works")).toEqual({ type: "THEN", textStart: 14 });
    expect(readStepLine("+ AND: more")).toEqual({ type: "AND", textStart: 7 });
    expect(readStepLine("- Given prose")).toBeNull();
    expect(readStepLine("- GIVENS prose")).toBeNull();
    expect(readStepLine("-**WHEN** tight")).toBeNull();
    expect(startsListItem("123456789) item")).toBe(true);
    expect(startsListItem("1234567890. item")).toBe(false);
  });
});
