import { isWhitespace, skipWhitespace } from "../lines/whitespace.js";
import type { StepType } from "../types.js";

const STAR = 0x2a;
const COLON = 0x3a;
/** The step keywords by their first letter's offset from `A`. */
const KEYWORD_BY_FIRST_LETTER: (StepType | undefined)[] = [];
for (const keyword of ["GIVEN", "WHEN", "THEN", "AND", "BUT"] as const) {
  KEYWORD_BY_FIRST_LETTER[keyword.charCodeAt(0) - 0x41] = keyword;
}

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
 * The keyword at `at` (before `end`): `foldCase` accepts ASCII letters in
 * either case, as a regex's `i` flag does without `u` (no other letter folds
 * onto them). The first letter picks the only keyword that can match.
 */
function keywordAt(text: string, at: number, end: number, foldCase: boolean): StepType | null {
  if (at >= end) return null;
  let first = text.charCodeAt(at);
  if (foldCase && first >= 0x61 && first <= 0x7a) first -= 0x20;
  const keyword =
    first >= 0x41 && first <= 0x5a ? KEYWORD_BY_FIRST_LETTER[first - 0x41] : undefined;
  if (keyword === undefined || at + keyword.length > end) return null;
  for (let index = 1; index < keyword.length; index++) {
    const code = text.charCodeAt(at + index);
    const wanted = keyword.charCodeAt(index);
    if (code !== wanted && !(foldCase && code === wanted + 0x20)) return null;
  }
  return keyword;
}

/** Whether `text` holds `char` at `at`, before `end`. */
function holds(text: string, at: number, end: number, char: number): boolean {
  return at < end && text.charCodeAt(at) === char;
}

/**
 * Reads `- **GIVEN** text` (also `**Given:**`, `**given**:`, `*`/`+`
 * markers) or, in capitals only, `- GIVEN text`. The same reading as the
 * regexes `/^\s*[-*+]\s+\*\*(given|when|then|and|but)(?::\*\*|\*\*:?)\s*\/i`
 * and `/^\s*[-*+]\s+(GIVEN|WHEN|THEN|AND|BUT)\b:?\s*\/` tried in that order
 * (`step-line.test.ts` holds them equal), written as one scan so a line is
 * read once. Reads the line of `text` from `from` to `end` (the whole string
 * by default); `textStart` is an index into `text`.
 */
export function readStepLine(text: string, from = 0, end = text.length): StepLine | null {
  const marker = skipWhitespace(text, from, end);
  if (marker === end || !isBulletMarker(text.charCodeAt(marker))) return null;
  const start = skipWhitespace(text, marker + 1, end);
  if (start === marker + 1) return null;
  if (holds(text, start, end, STAR) && holds(text, start + 1, end, STAR)) {
    const type = keywordAt(text, start + 2, end, true);
    if (type === null) return null;
    let after = start + 2 + type.length;
    if (holds(text, after, end, COLON)) {
      if (!holds(text, after + 1, end, STAR) || !holds(text, after + 2, end, STAR)) return null;
      after += 3;
    } else {
      if (!holds(text, after, end, STAR) || !holds(text, after + 1, end, STAR)) return null;
      after += 2;
      if (holds(text, after, end, COLON)) after++;
    }
    return { type, textStart: skipWhitespace(text, after, end) };
  }
  const type = keywordAt(text, start, end, false);
  if (type === null) return null;
  let after = start + type.length;
  if (after < end && isWordCharacter(text.charCodeAt(after))) return null;
  if (holds(text, after, end, COLON)) after++;
  return { type, textStart: skipWhitespace(text, after, end) };
}

/**
 * Whether a line starts a list item (`-`, `*`, `+`, or `1.`/`1)` with up to
 * nine digits), as `/^\s*(?:[-*+]|\d{1,9}[.)])(?:\s|$)/` reads it.
 */
export function startsListItem(text: string, from = 0, end = text.length): boolean {
  const start = skipWhitespace(text, from, end);
  let after = start;
  if (start < end && isBulletMarker(text.charCodeAt(start))) after++;
  else {
    while (after < end && isAsciiDigit(text.charCodeAt(after))) after++;
    const digits = after - start;
    if (digits === 0 || digits > 9) return false;
    if (!holds(text, after, end, 0x2e) && !holds(text, after, end, 0x29)) return false;
    after++;
  }
  return after === end || isWhitespace(text.charCodeAt(after));
}
