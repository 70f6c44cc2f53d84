import { skipWhitespace } from "./whitespace.js";

/** An open code fence: its character (backtick or tilde) and run length. */
export type Fence = { char: number; length: number };

const BACKTICK = 0x60;
const TILDE = 0x7e;

function runLength(line: string, from: number, char: number): number {
  let end = from;
  while (end < line.length && line.charCodeAt(end) === char) end++;
  return end - from;
}

/**
 * A fence opener as the CLI sees it: any indent (even four spaces), three or
 * more backticks or tildes, anything after them.
 */
export function readFenceOpener(line: string): Fence | null {
  const start = skipWhitespace(line, 0);
  const char = line.charCodeAt(start);
  if (char !== BACKTICK && char !== TILDE) return null;
  const length = runLength(line, start, char);
  return length >= 3 ? { char, length } : null;
}

/** Whether a line closes `fence`: the same character, at least as long, nothing but space after it. */
export function closesFence(line: string, fence: Fence): boolean {
  const start = skipWhitespace(line, 0);
  if (line.charCodeAt(start) !== fence.char) return false;
  const length = runLength(line, start, fence.char);
  return length >= fence.length && skipWhitespace(line, start + length) === line.length;
}
