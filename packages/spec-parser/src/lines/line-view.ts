import { type HeadingLine, readHeading } from "./read-heading.js";
import type { LineScan } from "./scan-lines.js";
import { skipWhitespace, trimEndIndex } from "./whitespace.js";

/**
 * A stretch of scanned lines read as one unit. The CLI reads a delta
 * requirement from a copy of its block with the end trimmed, so a bare `#### `
 * on the block's last non-blank line stops being a heading there;
 * `trimmedLast` names that line (or is -1 when no line is re-read).
 */
export type LineView = {
  scan: LineScan;
  end: number;
  trimmedLast: number;
  trimmedHeading: HeadingLine | null;
};

export function createLineView(scan: LineScan, end: number, trimmedLast = -1): LineView {
  let trimmedHeading: HeadingLine | null = null;
  if (trimmedLast >= 0 && !scan.fenced[trimmedLast]) {
    const start = scan.starts[trimmedLast]!;
    const end = trimEndIndex(scan.text, start, scan.starts[trimmedLast + 1]! - 1);
    trimmedHeading = readHeading(scan.text, start, end);
  }
  return { scan, end, trimmedLast, trimmedHeading };
}

/** Where line `index` of the scan ends in its text (the index of its LF, or the text's length). */
export function lineEnd(scan: LineScan, index: number): number {
  return scan.starts[index + 1]! - 1;
}

/** Whether line `index` of the scan holds nothing but whitespace. */
export function isBlankLine(scan: LineScan, index: number): boolean {
  const end = scan.starts[index + 1]! - 1;
  return skipWhitespace(scan.text, scan.starts[index]!, end) === end;
}

/** The section-boundary level of line `index` within the view, 0 when it is none. */
export function boundaryAt(view: LineView, index: number): number {
  if (index === view.trimmedLast) return view.trimmedHeading?.level ?? 0;
  return view.scan.boundary[index]!;
}

/** The heading title of line `index` within the view, undefined when it is no heading. */
export function titleAt(view: LineView, index: number): string | undefined {
  if (index === view.trimmedLast) return view.trimmedHeading?.title ?? undefined;
  return view.scan.titles[index];
}

/** Index of the first line after `start` that ends a section of `level`, or the view's end. */
export function sectionEnd(view: LineView, start: number, level: number): number {
  for (let index = start + 1; index < view.end; index++) {
    const boundary = boundaryAt(view, index);
    if (boundary !== 0 && boundary <= level) return index;
  }
  return view.end;
}

/** Lines `from` to `to` (exclusive) as written, joined with LF: one slice of the scanned text. */
export function joinLines(scan: LineScan, from: number, to: number): string {
  if (from >= to) return "";
  return scan.text.slice(scan.starts[from]!, scan.starts[to]! - 1);
}

/** Lines `from` to `to` (exclusive) joined and trimmed: a section's content as the CLI reports it. */
export function joinTrimmed(scan: LineScan, from: number, to: number): string {
  return joinLines(scan, from, to).trim();
}
