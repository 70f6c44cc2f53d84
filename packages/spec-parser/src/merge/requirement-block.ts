import { readDeltaRequirementHeader } from "../delta/requirement-header.js";
import { isLevelTwoBoundary } from "./merge-lines.js";

/** One `### Requirement:` block as the merge moves it: its lines verbatim, trailing space trimmed. */
export type RequirementBlock = { headerLine: string; name: string; raw: string };

/**
 * The requirement blocks in `lines[from, to)`: each runs from its heading to
 * the next requirement heading or `## ` line outside a fence, so any other
 * heading (`### Notes`, `# Appendix`) rides along inside the block above it.
 */
export function readRequirementBlocks(
  lines: readonly string[],
  fenced: Uint8Array,
  from: number,
  to: number,
): RequirementBlock[] {
  const headerName = (index: number) =>
    fenced[index] ? null : readDeltaRequirementHeader(lines[index]!);
  const blocks: RequirementBlock[] = [];
  let index = from;
  while (index < to) {
    const name = headerName(index);
    if (name === null) {
      index++;
      continue;
    }
    const start = index;
    index++;
    while (
      index < to &&
      headerName(index) === null &&
      !(fenced[index] === 0 && isLevelTwoBoundary(lines[index]!))
    ) {
      index++;
    }
    const headerLine = lines[start]!;
    blocks.push({ headerLine, name, raw: lines.slice(start, index).join("\n").trimEnd() });
  }
  return blocks;
}
