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
 * than a regex so a pathological line costs linear time. Reads the line of
 * `text` from `from` to `end` (the whole string by default).
 */
export function readHeading(text: string, from = 0, end = text.length): HeadingLine | null {
  let hashes = from;
  while (hashes < end && text.charCodeAt(hashes) === HASH) hashes++;
  const level = hashes - from;
  if (level === 0 || level > 6 || hashes === end) return null;
  if (!isWhitespace(text.charCodeAt(hashes))) return null;
  const restLength = end - hashes;
  const titleStart = skipWhitespace(text, hashes, end);
  const leadingSpace = titleStart - hashes;
  let lastTerminator = -1;
  for (let index = end - 1; index >= hashes; index--) {
    if (isLineTerminator(text.charCodeAt(index))) {
      lastTerminator = index - hashes;
      break;
    }
  }
  const spaceNeeded = Math.max(lastTerminator + 1, 1);
  const spaceAvailable = Math.min(leadingSpace, restLength - 1);
  if (spaceNeeded > spaceAvailable) return { level, title: null };
  // The rest of the line trimmed (`\s` is what trim removes), sliced once.
  let titleEnd = end;
  while (titleEnd > titleStart && isWhitespace(text.charCodeAt(titleEnd - 1))) titleEnd--;
  return { level, title: text.slice(titleStart, titleEnd) };
}
