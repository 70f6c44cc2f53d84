import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { sequenceFromMetadata } from "./change-sequence.js";

describe("a change's sequence read from its .openspec.yaml", () => {
  it("GIVEN a sequence whose depends_on is a mapping with a length that cannot become a number WHEN it is read THEN it is ignored as a hand edit gone wrong, not thrown", () => {
    const metadata = parse(
      "schema: spec-driven\nsequence:\n  group: checkout\n  position: 1\n  depends_on:\n    length:\n      toString: {}\n",
    );
    expect(sequenceFromMetadata(metadata)).toBeNull();
  });

  it("GIVEN a well-formed sequence WHEN it is read THEN its group, position and dependencies are given", () => {
    const metadata = parse(
      "schema: spec-driven\nsequence:\n  group: checkout\n  position: 2\n  depends_on: [a, a]\n",
    );
    expect(sequenceFromMetadata(metadata)).toEqual({
      group: "checkout",
      position: 2,
      depends_on: ["a"],
    });
  });
});
