import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readStepLine, startsListItem } from "../spec/step-line.js";
import { edgeLines } from "../test-support/edge-markdown.js";
import { closesFence, readFenceOpener } from "./fence.js";
import { readHeading } from "./read-heading.js";

// The scanner reads each line in place in the document rather than as a
// string of its own; what surrounds the line must never change the reading.
const PIECES = ["#", "###", " ", "\t", "\u00a0", "\u2028", "`", "```", "~~~", "-", "*", "**", ":"];
const line = fc.oneof(
  fc.constantFrom(...edgeLines),
  fc
    .array(fc.constantFrom(...PIECES, "GIVEN", "when", "x", "1."), { maxLength: 8 })
    .map((parts) => parts.join("")),
);
const around = fc
  .array(fc.constantFrom(...PIECES, "a", "GIVEN"), { maxLength: 4 })
  .map((parts) => parts.join(""));

describe("lines read in place equal lines read on their own", () => {
  it("GIVEN any line between arbitrary text WHEN read at its offsets THEN heading, fence, step and list readings equal those of the line alone", () => {
    fc.assert(
      fc.property(line, around, around, (text, before, after) => {
        const source = `${before}\n${text}\n${after}`;
        const from = before.length + 1;
        const end = from + text.length;
        expect(readHeading(source, from, end)).toEqual(readHeading(text));
        const fence = readFenceOpener(text);
        expect(readFenceOpener(source, from, end)).toEqual(fence);
        for (const open of [fence, { char: 0x60, length: 3 }, { char: 0x7e, length: 3 }]) {
          if (open !== null)
            expect(closesFence(source, open, from, end)).toBe(closesFence(text, open));
        }
        const step = readStepLine(text);
        expect(readStepLine(source, from, end)).toEqual(
          step === null ? null : { type: step.type, textStart: step.textStart + from },
        );
        expect(startsListItem(source, from, end)).toBe(startsListItem(text));
      }),
      { numRuns: 20_000 },
    );
  });
});
