import { skipWhitespace } from "./whitespace.js";

/** An open code fence: its character (backtick or tilde) and run length. */
export type Fence = { char: number; length: number };

const BACKTICK = 0x60;
const TILDE = 0x7e;

function runLength(line: string, from: number, char: number, lineEnd: number): number {
  let end = from;
  while (end < lineEnd && line.charCodeAt(end) === char) end++;
  return end - from;
}

/**
 * A fence opener as the CLI sees it: any indent (even four spaces), three or
 * more backticks or tildes, anything after them. Reads the line of `text`
 * from `from` to `end` (the whole string by default).
 */
export function readFenceOpener(text: string, from = 0, end = text.length): Fence | null {
  const start = skipWhitespace(text, from, end);
  if (start === end) return null;
  const char = text.charCodeAt(start);
  if (char !== BACKTICK && char !== TILDE) return null;
  const length = runLength(text, start, char, end);
  return length >= 3 ? { char, length } : null;
}

/** Whether a line closes `fence`: the same character, at least as long, nothing but space after it. */
export function closesFence(text: string, fence: Fence, from = 0, end = text.length): boolean {
  const start = skipWhitespace(text, from, end);
  if (start === end || text.charCodeAt(start) !== fence.char) return false;
  const length = runLength(text, start, fence.char, end);
  return length >= fence.length && skipWhitespace(text, start + length, end) === end;
}
