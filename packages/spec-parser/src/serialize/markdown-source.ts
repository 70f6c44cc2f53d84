import { readDeltaRequirementHeader } from "../delta/requirement-header.js";
import { closesFence, type Fence, readFenceOpener } from "../lines/fence.js";
import { readHeading } from "../lines/read-heading.js";
import { skipWhitespace } from "../lines/whitespace.js";

const LINE_BREAKS = /\r\n?|\n|\u2028|\u2029/g;

/**
 * Whether a line would start a section or a delta requirement. The CLI reads a
 * heading only at the start of a line, so an indented `# comment` (code indented
 * four spaces, say) stays as written; a delta bullet may be indented.
 */
function readsAsHeading(line: string): boolean {
  return readHeading(line) !== null || readDeltaRequirementHeader(line.trimStart()) !== null;
}

function isBlank(line: string): boolean {
  return skipWhitespace(line, 0) === line.length;
}

/** The lines without the blank lines before the first and after the last written one. */
function withoutOuterBlankLines(lines: string[]): string[] {
  let first = 0;
  while (first < lines.length && isBlank(lines[first]!)) first++;
  let last = lines.length - 1;
  while (last >= first && isBlank(lines[last]!)) last--;
  return lines.slice(first, last + 1);
}

/**
 * Markdown written by a caller, made safe to place inside a section: a line
 * outside code fences that would read as a heading gets its `#` escaped (`\#`
 * renders the same), and a code fence left open is closed, so neither can
 * swallow or split the sections after it. Everything else is kept as written,
 * blank lines and indentation included; only blank lines before the first and
 * after the last line go, so a parsed description comes back unchanged.
 */
export function markdownBlock(text: string): string {
  const lines = withoutOuterBlankLines(text.replace(LINE_BREAKS, "\n").split("\n"));
  let open: Fence | null = null;
  const escaped = lines.map((line) => {
    if (open !== null) {
      if (closesFence(line, open)) open = null;
      return line;
    }
    open = readFenceOpener(line);
    if (open !== null || !readsAsHeading(line)) return line;
    const indent = skipWhitespace(line, 0);
    return `${line.slice(0, indent)}\\${line.slice(indent)}`;
  });
  if (open !== null) {
    const fence: Fence = open;
    escaped.push(String.fromCharCode(fence.char).repeat(fence.length));
  }
  return escaped.join("\n");
}

/** Markdown for a one-line slot (a heading, a step): line breaks become spaces. */
export function markdownInline(text: string): string {
  return text.replace(LINE_BREAKS, " ").trim();
}
