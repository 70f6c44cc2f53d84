import { closesFence, type Fence, readFenceOpener } from "../lines/fence.js";
import { isLineTerminator, isWhitespace } from "../lines/whitespace.js";
import { stripClosingHashes } from "../spec/requirement-name.js";

/** Per line, 1 when it lies in a code fence (fence lines included), tracked as the CLI tracks fences. */
export function fenceFlags(lines: readonly string[]): Uint8Array {
  const flags = new Uint8Array(lines.length);
  let open: Fence | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (open === null) {
      open = readFenceOpener(line);
      if (open !== null) flags[index] = 1;
      continue;
    }
    flags[index] = 1;
    if (closesFence(line, open)) open = null;
  }
  return flags;
}

/** `^##\s+`: where the CLI ends a requirement block and the Requirements section. */
export function isLevelTwoBoundary(line: string): boolean {
  return line.startsWith("##") && line.length > 2 && isWhitespace(line.charCodeAt(2));
}

/**
 * The title of a `## <title>` line as the delta reader reads it
 * (`^(##)\s+(.+)$`, trimmed), or null. A line terminator (U+2028) may only sit
 * in the whitespace before the title.
 */
export function readSectionTitle(line: string): string | null {
  if (!isLevelTwoBoundary(line)) return null;
  let lastTerminator = -1;
  for (let index = 2; index < line.length; index++) {
    if (isLineTerminator(line.charCodeAt(index))) lastTerminator = index;
  }
  const titleStart = Math.max(3, lastTerminator + 1);
  if (titleStart >= line.length) return null;
  for (let index = 2; index < titleStart; index++) {
    if (!isWhitespace(line.charCodeAt(index))) return null;
  }
  return line.slice(2).trim();
}

/** `^##\s+<word>\s*$` with `word` compared case-insensitively. */
export function isNamedSection(line: string, word: string): boolean {
  if (!isLevelTwoBoundary(line)) return false;
  let index = 3;
  while (index < line.length && isWhitespace(line.charCodeAt(index))) index++;
  if (line.slice(index, index + word.length).toLowerCase() !== word.toLowerCase()) return false;
  for (let rest = index + word.length; rest < line.length; rest++) {
    if (!isWhitespace(line.charCodeAt(rest))) return false;
  }
  return true;
}

/**
 * The key the CLI files a requirement under. Its reader already strips a
 * closing `#` run from the heading, and the merge strips again, so `Foo # #`
 * is filed as `Foo`: the same two passes keep our keys equal to its keys.
 */
export function requirementKey(name: string): string {
  return stripClosingHashes(name);
}

/** The CLI's fold for near-miss names: the key without case, runs of whitespace as one space. */
export function foldName(name: string): string {
  return stripClosingHashes(name).toLowerCase().replace(/\s+/g, " ");
}
