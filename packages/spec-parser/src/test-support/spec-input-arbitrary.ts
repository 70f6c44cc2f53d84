import fc from "fast-check";
import type { DeltaSpecInput, RequirementInput, ScenarioStep, SpecInput } from "../types.js";

/**
 * Words that start with a letter and may carry Markdown punctuation after it
 * (`*`, `_`, backticks, brackets, `<`, `#`...), so text exercises inline
 * Markdown without ever starting a heading, list or metadata line.
 */
const word = fc
  .tuple(
    fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZéß"),
    fc.string({ unit: fc.constantFrom(..."abcxyz019_*`[]()<>&|!?.,:;'\"/#~=+-é"), maxLength: 8 }),
  )
  .map(([first, rest]) => first + rest);

const words = (min: number, max: number) =>
  fc.array(word, { minLength: min, maxLength: max }).map((list) => list.join(" "));

/** One or more lines of words: what the CLI reads back as a requirement's text. */
const lines = (max: number, mustSay = "") =>
  fc
    .array(words(1, 8), { minLength: 1, maxLength: max })
    .map((list) =>
      (mustSay === "" ? list : [`The system ${mustSay} ${list[0]}`, ...list.slice(1)]).join("\n"),
    );

/** A fenced code block whose lines may look like headings, requirements or scenarios: inside a fence they are code. */
const fencedBlock = fc
  .tuple(
    fc.constantFrom("```", "~~~", "````"),
    fc.constantFrom("", "sh", "ts", "markdown"),
    fc.array(
      fc.oneof(
        words(0, 5),
        fc.constantFrom(
          "# a comment",
          "## Purpose",
          "### Requirement: Not one",
          "#### Scenario: Not one either",
          "- **WHEN** inside code",
          "    indented();",
          "",
        ),
      ),
      { minLength: 1, maxLength: 5 },
    ),
  )
  .map(([fence, info, code]) => [`${fence}${info}`, ...code, fence].join("\n"));

const listBlock = fc
  .array(fc.tuple(fc.constantFrom("- ", "* ", "1. ", "  - ", "- [ ] "), words(1, 5)), {
    minLength: 1,
    maxLength: 4,
  })
  .map((items) => items.map(([marker, text]) => marker + text).join("\n"));

const quoteBlock = fc
  .array(fc.oneof(words(1, 6), fc.constant("")), { minLength: 1, maxLength: 4 })
  .map((quoted) => quoted.map((line) => (line === "" ? ">" : `> ${line}`)).join("\n"));

const metadataBlock = fc
  .tuple(fc.constantFrom("ID", "Priority", "Note"), words(1, 3))
  .map(([key, value]) => `**${key}**: ${value}`);

const tableBlock = fc
  .array(fc.tuple(words(1, 2), words(1, 2)), { minLength: 1, maxLength: 3 })
  .map((rows) =>
    ["| a | b |", "| --- | --- |", ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join("\n"),
  );

/** Lines of words, some indented and some ending in a hard break (two spaces). */
const paragraph = fc
  .array(fc.tuple(fc.constantFrom("", "", "  "), words(1, 8), fc.constantFrom("", "", "  ")), {
    minLength: 1,
    maxLength: 3,
  })
  .map((list) => list.map(([indent, text, end]) => indent + text + end).join("\n"));

/**
 * A requirement description as people write them: paragraphs separated by
 * one or more blank lines, fenced code (with `#` lines inside), lists,
 * quotes, tables and `**Key**:` metadata. It opens with a statement (saying
 * `mustSay` when given) so the CLI has text to read, and never with a blank
 * line, so `show(create(x))` must give back exactly `x`.
 */
export const richDescription = (mustSay = ""): fc.Arbitrary<string> =>
  fc
    .tuple(
      words(1, 8),
      fc.array(
        fc.tuple(
          fc.constantFrom("\n\n", "\n\n", "\n\n\n"),
          fc.oneof(paragraph, fencedBlock, listBlock, quoteBlock, metadataBlock, tableBlock),
        ),
        { minLength: 1, maxLength: 5 },
      ),
    )
    .map(([first, blocks]) => {
      const statement = mustSay === "" ? first : `The system ${mustSay} ${first}`;
      return statement + blocks.map(([gap, block]) => gap + block).join("");
    });

const step: fc.Arbitrary<ScenarioStep> = fc.record({
  type: fc.constantFrom("GIVEN", "WHEN", "THEN", "AND", "BUT"),
  text: words(1, 8),
});

const requirement = (mustSay: string): fc.Arbitrary<RequirementInput> =>
  fc.record({
    name: words(1, 5),
    text: fc.oneof(lines(3, mustSay), richDescription(mustSay)),
    scenarios: fc.array(
      fc.record({ name: words(1, 5), steps: fc.array(step, { minLength: 1, maxLength: 5 }) }),
      {
        minLength: mustSay === "" ? 0 : 1,
        maxLength: 3,
      },
    ),
  });

const isSectionName = (title: string) => ["purpose", "requirements"].includes(title.toLowerCase());

/**
 * Spec inputs inside the round-trip domain: single-line names, requirement
 * text as plain lines or rich Markdown (blank lines, fences, lists, quotes),
 * and at least one step per scenario. With
 * `valid`, also what `openspec validate --strict` demands: a requirement or
 * more, SHALL in each, a scenario each, unique names, a Purpose of 50+
 * characters.
 */
export function specInput(options: { valid?: boolean } = {}): fc.Arbitrary<SpecInput> {
  const mustSay = options.valid ? "SHALL" : "";
  const paragraphs = fc
    .array(lines(3), { minLength: 1, maxLength: 3 })
    .map((list) => list.join("\n\n"))
    .map((purpose) =>
      options.valid
        ? `This capability exists so that ${purpose}, in enough words to pass.`
        : purpose,
    );
  return fc
    .record({
      title: words(1, 5).filter((title) => !isSectionName(title)),
      purpose: paragraphs,
      requirements: fc.array(requirement(mustSay), {
        minLength: options.valid ? 1 : 0,
        maxLength: 6,
      }),
    })
    .map((spec) =>
      options.valid
        ? {
            ...spec,
            requirements: spec.requirements.map((item, index) => ({
              ...item,
              name: `${item.name} ${index}`,
            })),
          }
        : spec,
    );
}

/** Delta inputs inside the round-trip domain. */
export const deltaSpecInput: fc.Arbitrary<DeltaSpecInput> = fc.record({
  added: fc.array(requirement(""), { maxLength: 3 }),
  modified: fc.array(requirement(""), { maxLength: 3 }),
  removed: fc.array(words(1, 4), { maxLength: 3 }),
  renamed: fc.array(fc.record({ from: words(1, 4), to: words(1, 4) }), { maxLength: 3 }),
});
