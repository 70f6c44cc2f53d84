/**
 * Whether a UTF-16 code unit belongs to JavaScript's `\s` class, which is also
 * the set `String.prototype.trim` removes. The CLI's patterns use `\s`, so the
 * scanner must agree with it on every Unicode space, not only ASCII ones.
 */
export function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The code units a regex `.` refuses to match. */
export function isLineTerminator(code: number): boolean {
  return code === 0x0a || code === 0x0d || code === 0x2028 || code === 0x2029;
}

/** Index of the first non-whitespace code unit at or after `from` and before `end`, or `end`. */
export function skipWhitespace(text: string, from: number, end = text.length): number {
  let index = from;
  while (index < end && isWhitespace(text.charCodeAt(index))) index++;
  return index;
}

/** Index just past the last non-whitespace code unit before `end` and at or after `from`, or `from`. */
export function trimEndIndex(text: string, from: number, end: number): number {
  let index = end;
  while (index > from && isWhitespace(text.charCodeAt(index - 1))) index--;
  return index;
}
