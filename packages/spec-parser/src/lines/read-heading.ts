import { isLineTerminator, isWhitespace, skipWhitespace } from "./whitespace.js";

/**
 * A line that starts with one to six `#` and a whitespace character. The CLI
 * ends a section's content at every such line, but only opens a section when
 * text follows (`title` is then non-null, possibly empty after trimming).
 */
export type HeadingLine = { level: number; title: string | null };

const HASH = 0x23;

/**
 * Reads an ATX-style heading the way the CLI's line parser does: no leading
 * indent, no setext form, and a title that may not contain a line terminator
 * other than in the whitespace right after the hashes. Hand-written rather
 * than a regex so a pathological line costs linear time.
 */
export function readHeading(line: string): HeadingLine | null {
  let level = 0;
  while (level < line.length && line.charCodeAt(level) === HASH) level++;
  if (level === 0 || level > 6 || level === line.length) return null;
  if (!isWhitespace(line.charCodeAt(level))) return null;
  const restLength = line.length - level;
  const titleStart = skipWhitespace(line, level);
  const leadingSpace = titleStart - level;
  let lastTerminator = -1;
  for (let index = line.length - 1; index >= level; index--) {
    if (isLineTerminator(line.charCodeAt(index))) {
      lastTerminator = index - level;
      break;
    }
  }
  const spaceNeeded = Math.max(lastTerminator + 1, 1);
  const spaceAvailable = Math.min(leadingSpace, restLength - 1);
  if (spaceNeeded > spaceAvailable) return { level, title: null };
  // The rest of the line trimmed (`\s` is what trim removes), sliced once.
  let titleEnd = line.length;
  while (titleEnd > titleStart && isWhitespace(line.charCodeAt(titleEnd - 1))) titleEnd--;
  return { level, title: line.slice(titleStart, titleEnd) };
}
