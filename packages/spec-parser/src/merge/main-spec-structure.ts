import { readDeltaRequirementHeader } from "../delta/requirement-header.js";
import { isWhitespace } from "../lines/whitespace.js";
import { fenceFlags, isLevelTwoBoundary, isNamedSection } from "./merge-lines.js";

export type StructureIssue = { line: number; message: string };

const DELTA_WORDS = ["ADDED", "MODIFIED", "REMOVED", "RENAMED"];

/** `^##\s+(ADDED|MODIFIED|REMOVED|RENAMED)\s+Requirements\s*$`, any case. */
function isDeltaHeader(line: string): boolean {
  if (!isLevelTwoBoundary(line)) return false;
  let index = 3;
  while (index < line.length && isWhitespace(line.charCodeAt(index))) index++;
  const word = DELTA_WORDS.find(
    (candidate) => line.slice(index, index + candidate.length).toUpperCase() === candidate,
  );
  if (word === undefined) return false;
  const rest = line.slice(index + word.length);
  if (rest.length === 0 || !isWhitespace(rest.charCodeAt(0))) return false;
  return isNamedSection(`## ${rest.trimStart()}`, "Requirements");
}

/** `^###\s+Requirement:\s*(.+)\s*$`: unlike the block reader, a space after `###` is required. */
function readStrictRequirementHeader(line: string): string | null {
  return line.length > 3 && isWhitespace(line.charCodeAt(3))
    ? readDeltaRequirementHeader(line)
    : null;
}

/**
 * What makes the CLI refuse to merge into a main spec: a delta section heading
 * in it, a requirement outside `## Requirements`, or two requirements of one
 * name. Messages are the CLI's.
 */
export function findMainSpecStructureIssues(content: string): StructureIssue[] {
  const lines = content.replace(/\r\n?/g, "\n").split("\n");
  const fenced = fenceFlags(lines);
  const visible = (index: number) => (fenced[index] ? "" : lines[index]!);
  let header = -1;
  for (let index = 0; index < lines.length && header === -1; index++) {
    if (isNamedSection(visible(index), "Requirements")) header = index;
  }
  let end = lines.length;
  if (header !== -1) {
    for (let index = header + 1; index < lines.length; index++) {
      if (isLevelTwoBoundary(visible(index))) {
        end = index;
        break;
      }
    }
  }
  const issues: StructureIssue[] = [];
  const seen = new Map<string, number>();
  for (let index = 0; index < lines.length; index++) {
    const line = visible(index);
    const trimmed = line.trim();
    if (!trimmed) continue;
    if (isDeltaHeader(line)) {
      issues.push({
        line: index + 1,
        message:
          `Main spec contains delta header "${trimmed}". ` +
          "Delta headers are only valid inside openspec/changes/<name>/specs/<capability-path>/spec.md " +
          "and truncate the parsed ## Requirements section.",
      });
      continue;
    }
    const name = readStrictRequirementHeader(line);
    if (name === null) continue;
    if (header === -1 || index <= header || index >= end) {
      issues.push({
        line: index + 1,
        message:
          `Requirement header "${trimmed}" appears outside the main ## Requirements section. ` +
          "Main specs only parse requirements inside that section, so this requirement is currently invisible to validate, list, and archive.",
      });
      continue;
    }
    const previous = seen.get(name);
    if (previous === undefined) {
      seen.set(name, index + 1);
    } else {
      issues.push({
        line: index + 1,
        message:
          `Requirement header "${trimmed}" duplicates the requirement declared on line ${previous}. ` +
          "Requirement names must be unique so spec updates cannot discard one block while updating another.",
      });
    }
  }
  return issues;
}
