import { isLineTerminator, isWhitespace, skipWhitespace } from "../lines/whitespace.js";

export type TaskLine = {
  done: boolean;
  description: string;
  /** The checkbox's `[` and `]` in the line; what lies between them is the mark. */
  box: { open: number; close: number };
};

const OPEN = 0x5b;
const CLOSE = 0x5d;

/** Index after a list marker (`-`, `*`, `+`, `1.`, `1)` with at most nine digits), or -1. */
function afterListMarker(line: string, from: number): number {
  const code = line.charCodeAt(from);
  if (code === 0x2d || code === 0x2a || code === 0x2b) return from + 1;
  let index = from;
  while (index < line.length && index - from < 10) {
    const digit = line.charCodeAt(index);
    if (digit < 0x30 || digit > 0x39) break;
    index++;
  }
  const digits = index - from;
  const delimiter = line.charCodeAt(index);
  return digits >= 1 && digits <= 9 && (delimiter === 0x2e || delimiter === 0x29) ? index + 1 : -1;
}

/** A `]` followed by `(` or `[` continues a link, so the bracket was no checkbox. */
function continuesLink(line: string, close: number): boolean {
  const next = line.charCodeAt(close + 1);
  return next === 0x28 || next === OPEN;
}

/** Index of the checkbox's `]` and its mark (empty for a blank box), or null. */
function readCheckbox(line: string, open: number): { close: number; mark: string } | null {
  const inner = skipWhitespace(line, open + 1);
  if (inner >= line.length) return null;
  if (line.charCodeAt(inner) === CLOSE) {
    const blank = inner > open + 1;
    return blank || !continuesLink(line, inner) ? { close: inner, mark: "" } : null;
  }
  if (isWhitespace(line.charCodeAt(inner))) return null;
  const close = skipWhitespace(line, inner + 1);
  if (line.charCodeAt(close) !== CLOSE || continuesLink(line, close)) return null;
  return { close, mark: line[inner]! };
}

/**
 * A checkbox list item, read as permissively as the CLI counts them: any list
 * marker, any indent, any single-character mark (only `x`/`X` means done),
 * and a line inside a code fence counts too. A bracket followed by `(` or `[`
 * is a link, not a checkbox.
 */
export function readTaskLine(line: string): TaskLine | null {
  const marker = afterListMarker(line, skipWhitespace(line, 0));
  if (marker < 0) return null;
  const open = skipWhitespace(line, marker);
  if (line.charCodeAt(open) !== OPEN) return null;
  const checkbox = readCheckbox(line, open);
  if (checkbox === null) return null;
  const start = skipWhitespace(line, checkbox.close + 1);
  let end = start;
  while (end < line.length && !isLineTerminator(line.charCodeAt(end))) end++;
  return {
    done: checkbox.mark.toLowerCase() === "x",
    description: line.slice(start, end).trim(),
    box: { open, close: checkbox.close },
  };
}
