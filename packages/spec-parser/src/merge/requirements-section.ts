import { readDeltaRequirementHeader } from "../delta/requirement-header.js";
import { splitDocument } from "../lines/split-document.js";
import { fenceFlags, isLevelTwoBoundary, isNamedSection } from "./merge-lines.js";
import { type RequirementBlock, readRequirementBlocks } from "./requirement-block.js";

/**
 * A main spec cut where the merge cuts it: everything above `## Requirements`,
 * the heading line, the text before the first requirement, the requirement
 * blocks, and everything from the next `## ` section on.
 */
export type RequirementsSection = {
  before: string;
  headerLine: string;
  preamble: string;
  blocks: RequirementBlock[];
  after: string;
};

/**
 * Without a `## Requirements` heading the whole file is `before`, kept as
 * written (BOM and CRLF included, as the CLI keeps it), and the section is
 * appended.
 */
export function readRequirementsSection(content: string): RequirementsSection {
  const lines = splitDocument(content);
  const fenced = fenceFlags(lines);
  const header = lines.findIndex(
    (line, index) => fenced[index] === 0 && isNamedSection(line, "Requirements"),
  );
  if (header === -1) {
    const before = content.trimEnd();
    return {
      before: before ? `${before}\n\n` : "",
      headerLine: "## Requirements",
      preamble: "",
      blocks: [],
      after: "\n",
    };
  }
  let end = lines.length;
  for (let index = header + 1; index < lines.length; index++) {
    if (fenced[index] === 0 && isLevelTwoBoundary(lines[index]!)) {
      end = index;
      break;
    }
  }
  const blocks = readRequirementBlocks(lines, fenced, header + 1, end);
  let firstBlock = header + 1;
  while (
    firstBlock < end &&
    (fenced[firstBlock] === 1 || readDeltaRequirementHeader(lines[firstBlock]!) === null)
  ) {
    firstBlock++;
  }
  const before = lines.slice(0, header).join("\n");
  const after = lines.slice(end).join("\n");
  return {
    before: before.trimEnd() ? `${before}\n` : before,
    headerLine: lines[header]!,
    preamble: lines
      .slice(header + 1, firstBlock)
      .join("\n")
      .trimEnd(),
    blocks,
    after: after.startsWith("\n") ? after : `\n${after}`,
  };
}
