import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseDocument } from "./parse-document.js";

describe("parseDocument", () => {
  it("GIVEN a proposal WHEN parsed THEN the title is its level-1 heading and each heading is a section whose content includes its subsections", () => {
    const document = parseDocument(
      [
        "# Change: Add login",
        "",
        "## Why",
        "Users need accounts.",
        "",
        "### Detail",
        "More.",
        "",
        "## What Changes",
        "- **auth:** add",
      ].join("\n"),
    );
    expect(document).toEqual({
      title: "Change: Add login",
      sections: [
        {
          heading: "Change: Add login",
          level: 1,
          content:
            "## Why\nUsers need accounts.\n\n### Detail\nMore.\n\n## What Changes\n- **auth:** add",
          line: 1,
        },
        { heading: "Why", level: 2, content: "Users need accounts.\n\n### Detail\nMore.", line: 3 },
        { heading: "Detail", level: 3, content: "More.", line: 6 },
        { heading: "What Changes", level: 2, content: "- **auth:** add", line: 9 },
      ],
    });
  });

  it("GIVEN a design with a fenced heading and no level-1 heading WHEN parsed THEN the title is null and the fenced line stays content", () => {
    const document = parseDocument(["## Context", "```md", "## Not a section", "```"].join("\n"));
    expect(document).toEqual({
      title: null,
      sections: [
        { heading: "Context", level: 2, content: "```md\n## Not a section\n```", line: 1 },
      ],
    });
  });

  it("GIVEN binary garbage WHEN parsed THEN a document comes back and nothing throws", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 300 }), (garbage) => {
        expect(Array.isArray(parseDocument(garbage).sections)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
