/**
 * `content` (LF) rewritten to the dominant line ending of `original`: CRLF when
 * it has at least as many CRLF as bare LF, LF otherwise, `content` unchanged
 * when `original` has no line break. This is how the archive writes a spec back.
 */
export function matchLineEnding(content: string, original: string): string {
  let crlf = 0;
  let lf = 0;
  for (
    let index = original.indexOf("\n");
    index !== -1;
    index = original.indexOf("\n", index + 1)
  ) {
    if (index > 0 && original.charCodeAt(index - 1) === 0x0d) crlf++;
    else lf++;
  }
  if (crlf === 0 && lf === 0) return content;
  const normalized = content.replace(/\r\n/g, "\n");
  return crlf >= lf ? normalized.replace(/\n/g, "\r\n") : normalized;
}
