import { describe, expect, it } from "vitest";
import { codeFenceMask } from "../lines/code-fence-mask.js";
import { requirementStatement } from "./requirement-statement.js";

describe("requirementStatement", () => {
  it("GIVEN a description whose only SHALL is inside a code fence WHEN read as the CLI reads it THEN the statement holds no SHALL", () => {
    const description = "Cards are charged.\n\n```text\nThe system SHALL charge.\n```";
    expect(requirementStatement(description)).toBe("Cards are charged.");
  });

  it("GIVEN paragraphs, a list, a quote and metadata WHEN read THEN blank lines, fences and metadata go and the rest is trimmed lines", () => {
    const description =
      "**ID**: REQ-1\n\nThe system SHALL pay.\n\n  - first\n> quoted\n\n~~~\nskipped\n~~~";
    expect(requirementStatement(description)).toBe("The system SHALL pay.\n- first\n> quoted");
  });

  it("GIVEN only metadata WHEN read THEN the metadata is the statement", () => {
    expect(requirementStatement("**Constraint**: The system MUST log.")).toBe(
      "**Constraint**: The system MUST log.",
    );
  });
});

describe("codeFenceMask", () => {
  it("GIVEN a fence opened with four backticks WHEN masked THEN a shorter run inside does not close it", () => {
    expect(codeFenceMask("a\n````\n# x\n```\n````\nb")).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});
