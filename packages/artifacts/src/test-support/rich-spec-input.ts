import fc from "fast-check";
import type { RequirementInput, SpecContentInput } from "../spec-content.js";

// Words start with a letter, so no generated line outside a fence reads as a
// heading, list or metadata line unless a block below means it to.
const word = fc
  .tuple(
    fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZé"),
    fc.string({ unit: fc.constantFrom(..."abcxyz019_*`[]()<>&|!?.,:;'\"/#~=+-"), maxLength: 6 }),
  )
  .map(([first, rest]) => first + rest);
const words = (min: number, max: number) =>
  fc.array(word, { minLength: min, maxLength: max }).map((list) => list.join(" "));

const paragraph = fc
  .array(fc.tuple(fc.constantFrom("", "", "  "), words(1, 6), fc.constantFrom("", "", "  ")), {
    minLength: 1,
    maxLength: 3,
  })
  .map((lines) => lines.map(([indent, text, end]) => indent + text + end).join("\n"));

const fenced = fc
  .tuple(
    fc.constantFrom("```", "~~~", "````"),
    fc.constantFrom("", "sh", "markdown"),
    fc.array(
      fc.oneof(
        words(0, 4),
        fc.constantFrom(
          "# a comment",
          "## Requirements",
          "### Requirement: Inside code",
          "#### Scenario: Inside code",
          "",
        ),
      ),
      { minLength: 1, maxLength: 4 },
    ),
  )
  .map(([fence, info, code]) => [`${fence}${info}`, ...code, fence].join("\n"));

const list = fc
  .array(fc.tuple(fc.constantFrom("- ", "* ", "1. ", "  - "), words(1, 4)), {
    minLength: 1,
    maxLength: 3,
  })
  .map((items) => items.map(([marker, text]) => marker + text).join("\n"));

const quote = fc
  .array(fc.oneof(words(1, 5), fc.constant("")), { minLength: 1, maxLength: 3 })
  .map((lines) => lines.map((line) => (line === "" ? ">" : `> ${line}`)).join("\n"));

const metadata = words(1, 3).map((value) => `**Note**: ${value}`);

/**
 * A requirement description with blank-line paragraphs, fenced code (holding
 * `#` lines), lists, quotes and metadata, opening with a SHALL statement.
 */
export const richDescription: fc.Arbitrary<string> = fc
  .tuple(
    words(1, 6),
    fc.array(
      fc.tuple(
        fc.constantFrom("\n\n", "\n\n\n"),
        fc.oneof(paragraph, fenced, list, quote, metadata),
      ),
      { maxLength: 4 },
    ),
  )
  .map(
    ([first, blocks]) =>
      `The system SHALL ${first}${blocks.map(([gap, block]) => gap + block).join("")}`,
  );

const requirement: fc.Arbitrary<RequirementInput> = fc.record({
  name: words(1, 4),
  description: richDescription,
  scenarios: fc.array(
    fc.record({
      name: words(1, 4),
      steps: fc.array(
        fc.record({
          type: fc.constantFrom("GIVEN" as const, "WHEN" as const, "THEN" as const, "AND" as const),
          text: words(1, 6),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    { minLength: 1, maxLength: 2 },
  ),
});

/** Spec content that createSpec accepts and showSpec must give back unchanged. */
export const richSpecInput: fc.Arbitrary<SpecContentInput> = fc
  .record({
    title: words(1, 4).filter(
      (title) => !["purpose", "requirements"].includes(title.toLowerCase()),
    ),
    purpose: words(8, 14).map((text) => `This capability exists so that ${text}.`),
    requirements: fc.array(requirement, { minLength: 1, maxLength: 4 }),
  })
  .map((spec) => ({
    ...spec,
    // Unique names: the CLI refuses duplicates.
    requirements: spec.requirements.map((item, index) => ({
      ...item,
      name: `${item.name} ${index}`,
    })),
  }));
