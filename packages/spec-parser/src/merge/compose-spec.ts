import { fenceFlags } from "./merge-lines.js";
import type { RequirementBlock } from "./requirement-block.js";
import type { RequirementsSection } from "./requirements-section.js";

/** Runs of empty lines become one, except inside code fences; a line of spaces is not empty. */
function collapseBlankRuns(content: string): string {
  const lines = content.split("\n");
  const fenced = fenceFlags(lines);
  const kept: string[] = [];
  let blankRun = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (fenced[index] || line !== "") {
      blankRun = 0;
      kept.push(line);
      continue;
    }
    blankRun++;
    if (blankRun === 1) kept.push(line);
  }
  return kept.join("\n");
}

/**
 * The spec rebuilt from its parts: the text above, the heading, the preamble
 * and blocks one blank line apart, the text below; one newline at the end.
 */
export function composeSpec(parts: RequirementsSection, blocks: RequirementBlock[]): string {
  const preamble = parts.preamble.trim() ? [parts.preamble.trimEnd()] : [];
  const body = preamble
    .concat(blocks.map((block) => block.raw))
    .join("\n\n")
    .trimEnd();
  const joined = [parts.before.trimEnd(), parts.headerLine, body, parts.after.trim()]
    .filter((slice) => slice !== "")
    .join("\n\n");
  return `${collapseBlankRuns(joined).trimEnd()}\n`;
}
