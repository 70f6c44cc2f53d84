import fc from "fast-check";

/**
 * Lines chosen to sit on the edges of the CLI's line-based reading: headings
 * at every level with every kind of spacing, fences of both kinds and
 * lengths, bare `#` runs, delta bullets, checkboxes, metadata, HTML comments,
 * setext underlines, Unicode spaces and line separators.
 */
const TRICKY_LINES = [
  "# Title",
  "#\tTabbed title",
  "## Purpose",
  "## purpose",
  "### Purpose",
  "## Requirements",
  "## REQUIREMENTS",
  "# Requirements",
  "### Requirement: Foo",
  "### Requirement: Foo ###",
  "### Requirement: Foo ##\u00a0",
  "### Requirement: C#",
  "### Requirement:",
  "### Requirement:  ",
  "### requirement: lower case",
  "###Requirement: No space",
  "###\tRequirement: Tabbed",
  "###\u00a0Requirement: Nbsp",
  "### Requirement: x\u2028",
  "### Notes",
  "### Documentation Requirements",
  "#### Scenario: works",
  "#### Scenario: closed ####",
  "#### Edge case",
  "##### Deep scenario",
  "###### Deeper",
  "####### Seven hashes",
  "#### ",
  "### ",
  "## ",
  "# ",
  "#",
  "##",
  "##  ",
  "# a\u2028b",
  "#\u2028\u2028x",
  "## ADDED Requirements",
  "## Added Requirements",
  "## MODIFIED Requirements",
  "## REMOVED Requirements",
  "## RENAMED Requirements",
  "## ADDED  Requirements",
  "## Why",
  "## What Changes",
  "```",
  "```markdown",
  "````",
  "~~~",
  "~~~ ",
  "    ```",
  "``` x ```",
  "~~~~~~",
  "- **GIVEN** a thing",
  "- **WHEN** it runs",
  "- **THEN** it works",
  "* **AND** more",
  "- **But:** not that",
  "- GIVEN plain words",
  "  continued line",
  "**ID**: REQ-1",
  "**Reason**: obsolete",
  "The system SHALL do it.",
  "The system MUST behave.",
  "plain text",
  "",
  "",
  "",
  "   ",
  "\t",
  "\u00a0",
  "\u2028",
  "<!-- ### Requirement: Hidden -->",
  "<!--",
  "-->",
  "Setext heading",
  "===",
  "---",
  "    # indented heading",
  "  ## indented two",
  "  text with indent",
  "text with trailing space   ",
  "- ### Requirement: Old",
  "* `### Requirement: Old`",
  "+ ### Requirement: Foo ##",
  "- ### requirement: lower",
  "- ### Requirement:  ",
  "- `### Requirement: Tick`  ",
  "- FROM: `### Requirement: A`",
  "- TO: `### Requirement: B`",
  "FROM: ### Requirement: C",
  "* TO: `### Requirement: D`",
  "- FROM: `### Requirement: Foo`",
  "- **auth:** Add login support",
  "- **billing**: remove invoices",
  "- **search:** rename the index",
  "- **core:** tweak settings",
  "- [ ] 1.1 Write the parser",
  "- [x] 1.2 Done thing",
  "* [X] 2.1 Shouted",
  "+ [ ] plus task",
  "1. [ ] ordered task",
  "1) [x] paren task",
  "- [~] partly",
  "- [] empty box",
  "- [ ](link)",
  "- [a](b)",
  "- [x]done",
  "  - [ ] 1.1.1 nested",
  "-[ ] tight",
  "- [ x ] padded",
  "- [xx] two marks",
  "1234567890. [ ] too many digits",
];

const FRAGMENT_CHARS = [
  "#",
  " ",
  "\t",
  "`",
  "~",
  "-",
  "*",
  "[",
  "]",
  "x",
  "R",
  ":",
  "\u00a0",
  "\u2028",
  "a",
];

const fragment = fc
  .array(fc.constantFrom(...FRAGMENT_CHARS), { maxLength: 10 })
  .map((chars) => chars.join(""));

const trickyLine = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...TRICKY_LINES) },
  { weight: 1, arbitrary: fragment },
);

const requirementHeading = fc.constantFrom(
  "### Requirement: Foo",
  "### Requirement: Bar ###",
  "### Requirement: Foo",
  "###Requirement: Tight",
  "### requirement: lower",
  "### Requirement:",
  "### Notes",
  "#### Requirement: Deeper",
);

const bodyLine = fc.constantFrom(
  "The system SHALL do it.",
  "  second line MUST hold",
  "**ID**: REQ-7",
  "",
  "    # indented heading",
  "```",
  "### Requirement: Fenced?",
  "#### ",
  "text   ",
);

const scenarioBlock = fc
  .tuple(
    fc.constantFrom("#### Scenario: works", "#### Other", "##### Deep", "#### Scenario: empty ##"),
    fc.array(
      fc.oneof(
        fc.constantFrom(...TRICKY_LINES.filter((line) => line.startsWith("-") || line === "")),
        trickyLine,
      ),
      {
        maxLength: 4,
      },
    ),
  )
  .map(([heading, lines]) => [heading, ...lines]);

const requirementBlock = fc
  .tuple(
    requirementHeading,
    fc.array(bodyLine, { maxLength: 3 }),
    fc.array(scenarioBlock, { maxLength: 3 }),
  )
  .map(([heading, body, scenarios]) => [heading, ...body, ...scenarios.flat()]);

const removedSection = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        "- ### Requirement: Foo",
        "* `### Requirement: Bar`",
        "+ ### Requirement: Foo ##",
        "- `### Requirement: Foo``",
        "**Reason**: obsolete",
        "- ### Requirement:  ",
        "",
      ),
      requirementBlock,
    ),
    { maxLength: 5 },
  )
  .map((entries) => ["## REMOVED Requirements", ...entries.flat()]);

const renamedSection = fc
  .array(
    fc.constantFrom(
      "- FROM: `### Requirement: A`",
      "- TO: `### Requirement: B`",
      "FROM: ### Requirement: C",
      "* TO: `### Requirement: D`",
      "+ FROM:`### Requirement: E ##`",
      "- TO: `### Requirement:  `",
      "```",
      "",
    ),
    { maxLength: 8 },
  )
  .map((lines) => ["## RENAMED Requirements", ...lines]);

const block = fc.oneof(
  { weight: 4, arbitrary: trickyLine.map((line) => [line]) },
  { weight: 3, arbitrary: requirementBlock },
  { weight: 1, arbitrary: removedSection },
  { weight: 1, arbitrary: renamedSection },
);

const skeleton = fc.constantFrom(
  [],
  ["# Title", "", "## Purpose", "Why this exists.", "", "## Requirements"],
  ["## Purpose", "x", "## Requirements"],
  ["## ADDED Requirements"],
  ["## MODIFIED Requirements"],
  ["## Why", "Because.", "## What Changes", "- **auth:** add things"],
);

/** A document of tricky lines and blocks, sometimes behind a well-formed opening, with mixed line endings and an optional BOM. */
export const trickyMarkdown: fc.Arbitrary<string> = fc
  .tuple(
    fc.boolean(),
    skeleton,
    fc.array(block, { maxLength: 12 }),
    fc.constantFrom("\n", "\n", "\n", "\r\n", "\r"),
  )
  .map(
    ([bom, head, body, newline]) => (bom ? "\ufeff" : "") + [...head, ...body.flat()].join(newline),
  );
