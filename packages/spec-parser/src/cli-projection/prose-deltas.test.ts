import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readProseDelta } from "./prose-deltas.js";

// The CLI's own pattern (markdown-parser.js), kept here only as the oracle.
const CLI_PROSE_DELTA = /^\s*-\s*\*\*([^*:]+)(?::\*\*|\*\*:)\s*(.+)$/;

function viaRegex(line: string) {
  const match = CLI_PROSE_DELTA.exec(line);
  return match === null ? null : { spec: match[1]!, description: match[2]! };
}

const piece = fc.constantFrom(
  "-",
  "*",
  "**",
  ":",
  ":**",
  "**:",
  " ",
  "   ",
  "\t",
  "\u00a0",
  "\u2028",
  "\u2029",
  "auth",
  "adds x",
  "#",
  "`",
);

describe("readProseDelta", () => {
  it("GIVEN any line built from the pattern's own pieces WHEN read THEN the captures equal the CLI regex's", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const line = pieces.join("");
        expect(readProseDelta(line)).toEqual(viaRegex(line));
      }),
      { numRuns: 5000 },
    );
  });

  it.each([
    ["- **auth:** adds login", { spec: "auth", description: "adds login" }],
    ["- **auth**: adds login", { spec: "auth", description: "adds login" }],
    ["- **auth**:   ", { spec: "auth", description: " " }],
    ["- **auth**:", null],
    ["- **auth**: x\u2028", null],
    ["- **auth**: \u2028x", { spec: "auth", description: "x" }],
    ["- ** auth", null],
  ])("GIVEN %j WHEN read THEN it gives %j, as the CLI regex does", (line, expected) => {
    expect(readProseDelta(line)).toEqual(expected);
    expect(viaRegex(line)).toEqual(expected);
  });

  it("GIVEN 200,000 spaces before a line separator after the marker WHEN read THEN it finishes and finds no delta", () => {
    const line = `- **auth**:${" ".repeat(200_000)}x\u2028`;
    expect(readProseDelta(line)).toBeNull();
  });
});
