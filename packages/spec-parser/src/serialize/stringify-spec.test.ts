import fc from "fast-check";
import type { Heading, ListItem, Root } from "mdast";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { describe, expect, it } from "vitest";
import { parseSpec } from "../spec/parse-spec.js";
import { asRequirementInput } from "../test-support/as-requirement-input.js";
import { specInput } from "../test-support/spec-input-arbitrary.js";
import { stringifySpec } from "./stringify-spec.js";

describe("stringifySpec", () => {
  it("GIVEN a spec with a requirement and a scenario WHEN stringified THEN it is written in the OpenSpec layout", () => {
    const markdown = stringifySpec({
      title: "Auth",
      purpose: "Who may sign in, and how.",
      requirements: [
        {
          name: "Password login",
          text: "The system SHALL accept a `password`.",
          scenarios: [
            {
              name: "Valid password",
              steps: [
                { type: "GIVEN", text: "a registered user" },
                { type: "WHEN", text: "they sign in" },
                { type: "THEN", text: "a session starts" },
              ],
            },
          ],
        },
      ],
    });
    expect(markdown).toBe(
      [
        "# Auth",
        "",
        "## Purpose",
        "",
        "Who may sign in, and how.",
        "",
        "## Requirements",
        "",
        "### Requirement: Password login",
        "",
        "The system SHALL accept a `password`.",
        "",
        "#### Scenario: Valid password",
        "",
        "- **GIVEN** a registered user",
        "- **WHEN** they sign in",
        "- **THEN** a session starts",
        "",
      ].join("\n"),
    );
  });

  it("GIVEN any spec input in the round-trip domain WHEN stringified and parsed again THEN the same title, purpose, requirements, scenarios and steps come back", () => {
    fc.assert(
      fc.property(specInput(), (input) => {
        const parsed = parseSpec(stringifySpec(input));
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const { title, purpose, requirements } = parsed.value;
        expect({ title, purpose, requirements: requirements.map(asRequirementInput) }).toEqual({
          ...input,
          requirements: input.requirements.map((requirement) => ({
            scenarios: [],
            ...requirement,
          })),
        });
      }),
      { numRuns: 300 },
    );
  });

  it("GIVEN any spec input in the round-trip domain WHEN its Markdown is read by a CommonMark parser THEN it sees the same outline: one heading per section, requirement and scenario, one list item per step", () => {
    const commonMark = unified().use(remarkParse);
    fc.assert(
      fc.property(specInput(), (input) => {
        const tree: Root = commonMark.parse(stringifySpec(input));
        const depths = tree.children
          .filter((node): node is Heading => node.type === "heading")
          .map((node) => node.depth);
        // Step lists follow a scenario heading; lists in a description do not count.
        const items = tree.children.flatMap((node, index) => {
          const before = tree.children[index - 1];
          const afterScenario = before?.type === "heading" && before.depth === 4;
          return node.type === "list" && afterScenario ? node.children : ([] as ListItem[]);
        });
        const requirements = input.requirements.flatMap((requirement) => [
          3,
          ...(requirement.scenarios ?? []).map(() => 4),
        ]);
        expect(depths).toEqual([1, 2, 2, ...requirements]);
        expect(items).toHaveLength(
          input.requirements
            .flatMap((requirement) => requirement.scenarios ?? [])
            .flatMap((scenario) => scenario.steps).length,
        );
      }),
      { numRuns: 150 },
    );
  });

  it("GIVEN arbitrary strings in every field WHEN stringified THEN the result parses with one requirement per input and one scenario per stepped input scenario", () => {
    const anyText = fc.string({ unit: "binary", maxLength: 40 });
    const input = fc.record({
      title: anyText.filter(
        (title) => !["purpose", "requirements"].includes(title.trim().toLowerCase()),
      ),
      purpose: anyText.filter((purpose) => purpose.trim() !== ""),
      requirements: fc.array(
        fc.record({
          name: anyText,
          text: anyText,
          scenarios: fc.array(
            fc.record({
              name: anyText,
              steps: fc.array(
                fc.record({
                  type: fc.constantFrom("GIVEN" as const, "THEN" as const),
                  text: anyText,
                }),
                {
                  minLength: 1,
                  maxLength: 2,
                },
              ),
            }),
            { maxLength: 2 },
          ),
        }),
        { maxLength: 3 },
      ),
    });
    fc.assert(
      fc.property(input, (spec) => {
        const parsed = parseSpec(stringifySpec(spec));
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        expect(
          parsed.value.requirements.map((requirement) => requirement.scenarios.length),
        ).toEqual(spec.requirements.map((requirement) => requirement.scenarios.length));
      }),
      { numRuns: 300 },
    );
  });

  it("GIVEN requirement text with a heading-like line and an unclosed fence WHEN stringified THEN the line is escaped, the fence closed and the scenario after them survives", () => {
    const markdown = stringifySpec({
      title: "Escapes",
      purpose: "Text that would otherwise break the structure.",
      requirements: [
        {
          name: "Careful",
          text: "The system SHALL cope.\n## Not a section\n```sh\necho open",
          scenarios: [{ name: "Survives", steps: [{ type: "THEN", text: "still a scenario" }] }],
        },
      ],
    });
    expect(markdown).toContain("\\## Not a section\n```sh\necho open\n```\n");
    const parsed = parseSpec(markdown);
    expect(
      parsed.ok && parsed.value.requirements[0]!.scenarios.map((scenario) => scenario.name),
    ).toEqual(["Survives"]);
  });

  it("GIVEN requirement text with an indented code block holding `# comment` lines WHEN stringified and parsed THEN the lines are kept as written, since the CLI reads no indented line as a heading", () => {
    const text =
      "The system SHALL keep code.\n\n    # a shell comment\n    ## another\n\nAfter it.";
    const markdown = stringifySpec({
      title: "Indented",
      purpose: "Indented code is not a heading.",
      requirements: [
        {
          name: "Code",
          text,
          scenarios: [{ name: "Kept", steps: [{ type: "THEN", text: "as written" }] }],
        },
      ],
    });
    expect(markdown).toContain("    # a shell comment\n    ## another\n");
    expect(markdown).not.toContain("\\#");
    const parsed = parseSpec(markdown);
    expect(parsed.ok && parsed.value.requirements[0]!.scenarios.map((s) => s.name)).toEqual([
      "Kept",
    ]);
  });

  it("GIVEN names and steps with line breaks WHEN stringified THEN each stays on its own line as one heading or bullet", () => {
    const markdown = stringifySpec({
      title: "Multi\nline",
      purpose: "Line breaks inside one-line slots.",
      requirements: [
        {
          name: "Split\r\nname",
          text: "The system SHALL join.",
          scenarios: [{ name: "Two\nlines", steps: [{ type: "WHEN", text: "it wraps\nhere" }] }],
        },
      ],
    });
    const parsed = parseSpec(markdown);
    expect(parsed.ok && parsed.value.title).toBe("Multi line");
    expect(parsed.ok && parsed.value.requirements[0]).toMatchObject({
      name: "Split name",
      scenarios: [{ name: "Two lines", steps: [{ type: "WHEN", text: "it wraps here" }] }],
    });
  });
});
