import { readDeltaRequirementHeader } from "../delta/requirement-header.js";
import { closesFence, type Fence, readFenceOpener } from "../lines/fence.js";
import { readHeading } from "../lines/read-heading.js";
import { skipWhitespace } from "../lines/whitespace.js";

const LINE_BREAKS = /\r\n?|\n|\u2028|\u2029/g;

/** Whether a line, once its indent is gone, would start a section or a delta requirement. */
function readsAsHeading(line: string): boolean {
  const text = line.trimStart();
  return readHeading(text) !== null || readDeltaRequirementHeader(text) !== null;
}

function fenceLeftOpen(lines: string[]): Fence | null {
  let open: Fence | null = null;
  for (const line of lines) {
    if (open === null) open = readFenceOpener(line);
    else if (closesFence(line, open)) open = null;
  }
  return open;
}

/**
 * Markdown written by a caller, made safe to place inside a section: a line
 * that would read as a heading gets its `#` escaped (`\#` renders the same),
 * and a code fence left open is closed, so neither can swallow or split the
 * sections after it. Everything else is kept as written.
 */
export function markdownBlock(text: string): string {
  const lines = text.replace(LINE_BREAKS, "\n").trim().split("\n");
  const escaped = lines.map((line) => {
    if (!readsAsHeading(line)) return line;
    const indent = skipWhitespace(line, 0);
    return `${line.slice(0, indent)}\\${line.slice(indent)}`;
  });
  const open = fenceLeftOpen(escaped);
  if (open !== null) escaped.push(String.fromCharCode(open.char).repeat(open.length));
  return escaped.join("\n");
}

/** Markdown for a one-line slot (a heading, a step): line breaks become spaces. */
export function markdownInline(text: string): string {
  return text.replace(LINE_BREAKS, " ").trim();
}
