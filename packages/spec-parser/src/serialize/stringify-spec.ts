import type { SpecInput } from "../types.js";
import { labelledHeading, markdownNodes, requirementNodes } from "./requirement-nodes.js";
import { toMarkdown } from "./to-markdown.js";

/**
 * A main spec as Markdown: `# <title>`, `## Purpose`, `## Requirements`, then
 * each requirement. Text is Markdown and is written as given, except that a
 * line reading as a heading is escaped and an unclosed code fence is closed.
 */
export function stringifySpec(spec: SpecInput): string {
  return toMarkdown({
    type: "root",
    children: [
      labelledHeading(1, "", spec.title),
      labelledHeading(2, "", "Purpose"),
      ...markdownNodes(spec.purpose),
      labelledHeading(2, "", "Requirements"),
      ...spec.requirements.flatMap(requirementNodes),
    ],
  });
}
