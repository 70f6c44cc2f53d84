import type { List, PhrasingContent, RootContent } from "mdast";
import type { DeltaSpecInput, RemovedRequirementInput } from "../types.js";
import { markdownInline } from "./markdown-source.js";
import { labelledHeading, markdownNodes, requirementNodes } from "./requirement-nodes.js";
import { toMarkdown } from "./to-markdown.js";

function section(title: string, body: RootContent[]): RootContent[] {
  return body.length === 0 ? [] : [labelledHeading(2, "", title), ...body];
}

function renameList(renamed: { from: string; to: string }[]): RootContent[] {
  if (renamed.length === 0) return [];
  // The code span stays verbatim: the CLI reads exactly one backtick on each side, where
  // remark-stringify would widen the fence around a name that holds a backtick.
  const item = (label: string, name: string): List["children"][number] => ({
    type: "listItem",
    spread: false,
    children: [
      {
        type: "paragraph",
        children: [
          { type: "text", value: `${label}: ` },
          { type: "html", value: `\`### Requirement: ${markdownInline(name)}\`` },
        ],
      },
    ],
  });
  const list: List = {
    type: "list",
    ordered: false,
    spread: false,
    children: renamed.flatMap((rename) => [item("FROM", rename.from), item("TO", rename.to)]),
  };
  return [list];
}

/** `**<label>**: <text>`: the label is ours, so it is a real `strong` node; the text is the caller's Markdown. */
function labelledLine(label: string, text: string): PhrasingContent[] {
  return [
    { type: "strong", children: [{ type: "text", value: label }] },
    { type: "text", value: ": " },
    { type: "html", value: markdownInline(text) },
  ];
}

/** `### Requirement: <name>`, then its `**Reason**:` and `**Migration**:` lines when given. */
function removal(entry: string | RemovedRequirementInput): RootContent[] {
  const removed = typeof entry === "string" ? { name: entry } : entry;
  const lines = [
    ...(removed.reason === undefined ? [] : [labelledLine("Reason", removed.reason)]),
    ...(removed.migration === undefined ? [] : [labelledLine("Migration", removed.migration)]),
  ];
  const heading = labelledHeading(3, "Requirement: ", removed.name);
  if (lines.length === 0) return [heading];
  // One paragraph with the lines joined by a plain line ending, as OpenSpec's template writes them.
  const children = lines.flatMap((line, index): PhrasingContent[] =>
    index === 0 ? line : [{ type: "text", value: "\n" }, ...line],
  );
  return [heading, { type: "paragraph", children }];
}

/**
 * A delta spec as Markdown: an optional `# <title>` and purpose, then
 * `## ADDED`, `## MODIFIED`, `## REMOVED` and `## RENAMED Requirements`, each
 * written only when it has entries. Removals are `### Requirement: <name>`
 * headings, with their reason and migration as `**Reason**:` and
 * `**Migration**:` lines (as OpenSpec's template writes them); renames are FROM/TO bullet pairs.
 */
export function stringifyDeltaSpec(delta: DeltaSpecInput): string {
  return toMarkdown({
    type: "root",
    children: [
      ...(delta.title === undefined ? [] : [labelledHeading(1, "", delta.title)]),
      ...(delta.purpose === undefined ? [] : markdownNodes(delta.purpose)),
      ...section("ADDED Requirements", (delta.added ?? []).flatMap(requirementNodes)),
      ...section("MODIFIED Requirements", (delta.modified ?? []).flatMap(requirementNodes)),
      ...section("REMOVED Requirements", (delta.removed ?? []).flatMap(removal)),
      ...section("RENAMED Requirements", renameList(delta.renamed ?? [])),
    ],
  });
}
