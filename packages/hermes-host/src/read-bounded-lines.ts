import type { Readable } from "node:stream";

/** A line of input, or the start of one that was longer than allowed and was dropped. */
export type BoundedLine =
  | { kind: "line"; text: string }
  | { kind: "too_long"; bytes: number; head: string };

/** How much of a dropped line is kept to find its id. */
const HEAD_BYTES = 256;

/**
 * Splits a byte stream into UTF-8 lines (a trailing `\r` removed), holding at
 * most `maxLineBytes` of any line: the rest of a longer line is read and
 * dropped, so a peer that never sends a newline cannot make this process grow.
 */
export async function* readBoundedLines(
  input: Readable,
  maxLineBytes: number,
): AsyncGenerator<BoundedLine> {
  let parts: Buffer[] = [];
  let size = 0;
  let dropped: { bytes: number; head: string } | undefined;

  const take = (piece: Buffer) => {
    if (dropped) {
      dropped.bytes += piece.length;
    } else if (size + piece.length > maxLineBytes) {
      dropped = { bytes: size + piece.length, head: headOf([...parts, piece]) };
      parts = [];
      size = 0;
    } else if (piece.length > 0) {
      parts.push(piece);
      size += piece.length;
    }
  };
  const finish = (): BoundedLine => {
    const line: BoundedLine = dropped
      ? { kind: "too_long", ...dropped }
      : { kind: "line", text: Buffer.concat(parts, size).toString("utf8").replace(/\r$/, "") };
    parts = [];
    size = 0;
    dropped = undefined;
    return line;
  };

  for await (const chunk of input) {
    const bytes: Buffer = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    let start = 0;
    for (
      let newline = bytes.indexOf(10, start);
      newline !== -1;
      newline = bytes.indexOf(10, start)
    ) {
      take(bytes.subarray(start, newline));
      yield finish();
      start = newline + 1;
    }
    // Copied: a view would pin the whole chunk while the line waits for its end.
    if (start < bytes.length) take(Buffer.from(bytes.subarray(start)));
  }
  if (dropped || size > 0) yield finish();
}

function headOf(parts: readonly Buffer[]): string {
  const head: Buffer[] = [];
  let length = 0;
  for (const part of parts) {
    if (length >= HEAD_BYTES) break;
    head.push(part.subarray(0, HEAD_BYTES - length));
    length += Math.min(part.length, HEAD_BYTES - length);
  }
  return Buffer.concat(head).toString("utf8");
}
