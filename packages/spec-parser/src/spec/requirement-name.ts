import { isWhitespace, skipWhitespace } from "../lines/whitespace.js";

function isSpaceOrTab(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/** `text` from `start` to `end`, trimmed (`\s`, as `trim` does), as one slice. */
function trimmedSlice(text: string, start: number, end: number): string {
  let from = start;
  let to = end;
  while (from < to && isWhitespace(text.charCodeAt(from))) from++;
  while (to > from && isWhitespace(text.charCodeAt(to - 1))) to--;
  return from === 0 && to === text.length ? text : text.slice(from, to);
}

/**
 * Where a `word:` prefix (ASCII letters in any case, as a regex's `i` flag
 * reads them without `u`) and the spacing after it end, or -1 when `text`
 * does not start with it at `start`. `word` is lower case.
 */
function prefixEnd(text: string, start: number, end: number, word: string): number {
  if (end - start <= word.length) return -1;
  for (let index = 0; index < word.length; index++) {
    const code = text.charCodeAt(start + index);
    const wanted = word.charCodeAt(index);
    if (code !== wanted && code !== wanted - 0x20) return -1;
  }
  if (text.charCodeAt(start + word.length) !== 0x3a) return -1;
  const after = skipWhitespace(text, start + word.length + 1);
  return Math.min(after, end);
}

/**
 * Where `text` from `start` ends once an ATX closing sequence is dropped
 * (`Foo ###` reads as `Foo`): only a `#` run preceded by a space or tab
 * closes a heading, so `C#` keeps its `#`. A scan, not a regex, so a long
 * run of spaces costs linear time.
 */
function closingHashesStart(text: string, start: number): number {
  let end = text.length;
  while (end > start && isSpaceOrTab(text.charCodeAt(end - 1))) end--;
  let hashes = end;
  while (hashes > start && text.charCodeAt(hashes - 1) === 0x23) hashes--;
  if (hashes === end || hashes === start || !isSpaceOrTab(text.charCodeAt(hashes - 1))) {
    return text.length;
  }
  let spaceStart = hashes - 1;
  while (spaceStart > start && isSpaceOrTab(text.charCodeAt(spaceStart - 1))) spaceStart--;
  return spaceStart;
}

/** Drops an ATX closing sequence (`Foo ###` reads as `Foo`) and trims. */
export function stripClosingHashes(text: string): string {
  return trimmedSlice(text, 0, closingHashesStart(text, 0));
}

/** `Requirement: Login ###` reads as `Login`; a heading without the prefix keeps its text. */
export function requirementName(heading: string): string {
  const prefix = prefixEnd(heading, 0, heading.length, "requirement");
  const start = Math.max(prefix, 0);
  return trimmedSlice(heading, start, closingHashesStart(heading, start));
}

/** `Scenario: Valid login` reads as `Valid login`. */
export function scenarioName(heading: string): string {
  let end = closingHashesStart(heading, 0);
  let start = 0;
  while (start < end && isWhitespace(heading.charCodeAt(start))) start++;
  while (end > start && isWhitespace(heading.charCodeAt(end - 1))) end--;
  const prefix = prefixEnd(heading, start, end, "scenario");
  return trimmedSlice(heading, prefix < 0 ? start : prefix, end);
}

/** Whether a heading carries the `Requirement:` prefix. */
export function hasRequirementPrefix(heading: string): boolean {
  return prefixEnd(heading, 0, heading.length, "requirement") >= 0;
}
