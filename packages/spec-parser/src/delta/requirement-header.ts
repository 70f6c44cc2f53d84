import { isLineTerminator, isWhitespace, skipWhitespace } from "../lines/whitespace.js";
import { stripClosingHashes } from "../spec/requirement-name.js";

const LABEL = "requirement:";

function hasLineTerminator(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) {
    if (isLineTerminator(text.charCodeAt(index))) return true;
  }
  return false;
}

function lastNonWhitespace(text: string, from: number): number {
  let index = text.length - 1;
  while (index >= from && isWhitespace(text.charCodeAt(index))) index--;
  return index;
}

/**
 * A name that is only whitespace still counts as written (and reads as
 * empty) when one of its characters is not a line terminator.
 */
function blankName(line: string, from: number): string | null {
  for (let index = from; index < line.length; index++) {
    if (!isLineTerminator(line.charCodeAt(index))) return "";
  }
  return null;
}

/**
 * The name in a delta's `### Requirement: <name>` heading (`###Requirement:`
 * without a space, and any letter case, count too), or null when the line is
 * no such heading. An empty string means the heading has no name.
 */
export function readDeltaRequirementHeader(line: string): string | null {
  if (!line.startsWith("###")) return null;
  const labelStart = skipWhitespace(line, 3);
  if (line.slice(labelStart, labelStart + LABEL.length).toLowerCase() !== LABEL) return null;
  const from = labelStart + LABEL.length;
  const first = skipWhitespace(line, from);
  if (first === line.length) return blankName(line, from);
  const last = lastNonWhitespace(line, first);
  if (hasLineTerminator(line, first, last + 1)) return null;
  // The name runs as far as it can: trailing spaces other than space and tab
  // (an NBSP, say) stay in it and keep a closing `#` run from being stripped.
  let end = last + 1;
  while (end < line.length && !isLineTerminator(line.charCodeAt(end))) end++;
  return stripClosingHashes(line.slice(first, end));
}

/**
 * The name in a quoted reference `` `### Requirement: <name>` `` starting at
 * `from` (the backticks are optional, `Requirement:` is case-sensitive), as
 * REMOVED bullets and RENAMED lines write it; null when there is none.
 */
export function readRequirementReference(line: string, from: number): string | null {
  let index = line.charCodeAt(from) === 0x60 ? from + 1 : from;
  if (!line.startsWith("###", index)) return null;
  index = skipWhitespace(line, index + 3);
  if (!line.startsWith("Requirement:", index)) return null;
  const nameStart = index + "Requirement:".length;
  const first = skipWhitespace(line, nameStart);
  if (first === line.length) return blankName(line, nameStart);
  const last = lastNonWhitespace(line, first);
  const end = last > first && line.charCodeAt(last) === 0x60 ? last : last + 1;
  if (hasLineTerminator(line, first, end)) return null;
  return stripClosingHashes(line.slice(first, end));
}
