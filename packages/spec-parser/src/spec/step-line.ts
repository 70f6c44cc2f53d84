import { isWhitespace, skipWhitespace } from "../lines/whitespace.js";
import type { StepType } from "../types.js";

const STAR = 0x2a;
const COLON = 0x3a;
const KEYWORDS: readonly StepType[] = ["GIVEN", "WHEN", "THEN", "AND", "BUT"];

/** A step bullet's type and where its text starts (after the spacing that follows the keyword). */
export type StepLine = { type: StepType; textStart: number };

function isBulletMarker(code: number): boolean {
  return code === 0x2d || code === STAR || code === 0x2b;
}

function isAsciiDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

function isWordCharacter(code: number): boolean {
  return (
    isAsciiDigit(code) ||
    code === 0x5f ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a)
  );
}

/**
 * The keyword at `at`: `foldCase` accepts ASCII letters in either case, as a
 * regex's `i` flag does without `u` (no other letter folds onto them).
 */
function keywordAt(line: string, at: number, foldCase: boolean): StepType | null {
  for (const keyword of KEYWORDS) {
    if (at + keyword.length > line.length) continue;
    let index = 0;
    while (index < keyword.length) {
      const code = line.charCodeAt(at + index);
      const wanted = keyword.charCodeAt(index);
      if (code !== wanted && !(foldCase && code === wanted + 0x20)) break;
      index++;
    }
    if (index === keyword.length) return keyword;
  }
  return null;
}

/**
 * Reads `- **GIVEN** text` (also `**Given:**`, `**given**:`, `*`/`+`
 * markers) or, in capitals only, `- GIVEN text`. The same reading as the
 * regexes `/^\s*[-*+]\s+\*\*(given|when|then|and|but)(?::\*\*|\*\*:?)\s*\/i`
 * and `/^\s*[-*+]\s+(GIVEN|WHEN|THEN|AND|BUT)\b:?\s*\/` tried in that order
 * (`step-line.test.ts` holds them equal), written as one scan so a line is
 * read once.
 */
export function readStepLine(line: string): StepLine | null {
  const marker = skipWhitespace(line, 0);
  if (!isBulletMarker(line.charCodeAt(marker))) return null;
  const start = skipWhitespace(line, marker + 1);
  if (start === marker + 1) return null;
  if (line.charCodeAt(start) === STAR && line.charCodeAt(start + 1) === STAR) {
    const type = keywordAt(line, start + 2, true);
    if (type === null) return null;
    let end = start + 2 + type.length;
    if (line.charCodeAt(end) === COLON) {
      if (line.charCodeAt(end + 1) !== STAR || line.charCodeAt(end + 2) !== STAR) return null;
      end += 3;
    } else {
      if (line.charCodeAt(end) !== STAR || line.charCodeAt(end + 1) !== STAR) return null;
      end += 2;
      if (line.charCodeAt(end) === COLON) end++;
    }
    return { type, textStart: skipWhitespace(line, end) };
  }
  const type = keywordAt(line, start, false);
  if (type === null) return null;
  let end = start + type.length;
  if (end < line.length && isWordCharacter(line.charCodeAt(end))) return null;
  if (line.charCodeAt(end) === COLON) end++;
  return { type, textStart: skipWhitespace(line, end) };
}

/** Whether a line starts a list item (`-`, `*`, `+`, or `1.`/`1)` with up to nine digits), as `/^\s*(?:[-*+]|\d{1,9}[.)])(?:\s|$)/` reads it. */
export function startsListItem(line: string): boolean {
  const start = skipWhitespace(line, 0);
  let end = start;
  if (isBulletMarker(line.charCodeAt(start))) end++;
  else {
    while (end < line.length && isAsciiDigit(line.charCodeAt(end))) end++;
    const digits = end - start;
    if (digits === 0 || digits > 9) return false;
    const code = line.charCodeAt(end);
    if (code !== 0x2e && code !== 0x29) return false;
    end++;
  }
  return end === line.length || isWhitespace(line.charCodeAt(end));
}
