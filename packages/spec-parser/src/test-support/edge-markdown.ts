import fc from "fast-check";

/**
 * Lines on the edges of what the hand-written scans decide: step bullets in
 * every spelling the step reader accepts or must refuse, list markers,
 * headings with closing runs, prefixes in any case, setext underlines, HTML
 * blocks, nested lists, tabs, Unicode spaces and letters that fold to ASCII.
 */
const EDGE_LINES = [
  "- **GIVEN** a thing",
  "- **given** lower",
  "- **Given:** colon inside",
  "- **Given**: colon outside",
  "- **Given**:: two colons",
  "- **GIVEN**",
  "- **GIVEN**   ",
  "- **GIVEN**\ttabbed",
  "-\t**WHEN**\ttab after the marker",
  "-\u00a0**WHEN** no-break space after the marker",
  "-**WHEN** no space after the marker",
  "  * **THEN** indented star",
  "\t+ **AND** tabbed plus",
  "- **BUT** but",
  "- **Butt** not a step",
  "- **GIVENS** not a step",
  "- **GİVEN** dotted capital",
  "- **ſHEN** long s",
  "- ** GIVEN** space inside",
  "- *GIVEN* single stars",
  "- GIVEN plain",
  "- GIVEN: plain colon",
  "- GIVENx glued",
  "- GIVEN_x underscore",
  "- GIVEN1 digit",
  "- GIVEN-dash",
  "- GIVEN",
  "- Given plain lower",
  "- WHEN\u00e9 accent",
  "* THEN\u2028separator",
  "- AND\u00a0nbsp",
  "- **WHEN**\u2028",
  "1. numbered item",
  "1) paren item",
  "1234567890. too many digits",
  "123456789. nine digits",
  "1.no space",
  "-",
  "- ",
  "*",
  "+\t",
  "-x",
  "  continued line",
  "continued\ttext  ",
  "  - nested item",
  "    - deeper nested item",
  "> quoted line",
  "> - **GIVEN** quoted step",
  "| a | b |",
  "<div>",
  "### Requirement: inside html",
  "</div>",
  "<!-- #### Scenario: hidden -->",
  "Setext title",
  "===",
  "Setext two",
  "---",
  "***",
  "#### Scenario: closed ##",
  "#### Scenario: C#",
  "#### scenario: lower",
  "#### SCENARIO:no space",
  "#### Scenario:\t tab",
  "#### Scenario:",
  "#### Edge \u00e9t\u00e9 unicode",
  "### REQUIREMENT: shouted",
  "### Requirement:\ttab",
  "### Requirement: trailing hashes \t## ",
  "### Requirement: only hashes ###",
  "### Requirement: x\u2029",
  "###### Six",
  "##### Five",
  "#\u3000ideographic space",
  "##\u00a0nbsp",
  "## Purpose ##",
  "## Requirements ##",
  "**ID**: REQ-1",
  "**Key**:",
  "**a*b**: not metadata",
  "    indented code",
  "\t\ttabs",
  "```",
  "```js",
  "~~~",
  "  ~~~~",
  "",
  "",
  "   ",
  "\u00a0\u00a0",
];

const SKELETONS = [
  [],
  ["# Title", "", "## Purpose", "Why this exists.", "", "## Requirements"],
  ["# Title", "## Purpose", "", "## Requirements", "", "### Requirement: First"],
  ["## ADDED Requirements", "### Requirement: Added"],
  ["## MODIFIED Requirements", "### Requirement: Changed", "The system SHALL change."],
  ["## Why", "Because.", "## What Changes", "- **auth:** add things"],
];

const edgeBlock = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...EDGE_LINES).map((line) => [line]) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom("#### Scenario: works", "##### Deep", "#### Other"),
        fc.array(fc.constantFrom(...EDGE_LINES), { maxLength: 5 }),
      )
      .map(([heading, lines]) => [heading, ...lines]),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom("### Requirement: Foo", "### Requirement: Bar ###", "### Notes"),
        fc.array(fc.constantFrom(...EDGE_LINES, "The system SHALL do it."), { maxLength: 4 }),
      )
      .map(([heading, lines]) => [heading, ...lines]),
  },
);

/** A document of edge lines behind a spec, delta or proposal opening, with LF, CRLF or CR endings and an optional BOM. */
export const edgeMarkdown: fc.Arbitrary<string> = fc
  .tuple(
    fc.boolean(),
    fc.constantFrom(...SKELETONS),
    fc.array(edgeBlock, { maxLength: 14 }),
    fc.constantFrom("\n", "\n", "\r\n", "\r"),
  )
  .map(
    ([bom, head, body, newline]) => (bom ? "\ufeff" : "") + [...head, ...body.flat()].join(newline),
  );

/** The lines above, for tests of single-line readers. */
export const edgeLines: readonly string[] = EDGE_LINES;
