import { closesFence, type Fence, readFenceOpener } from "./fence.js";
import { readHeading } from "./read-heading.js";
import { normalizeDocument } from "./split-document.js";

/** One pass over a document's lines: what is fenced and where the headings are. */
export type LineScan = {
  /** The lines joined with LF: every line is read in place in it, by `starts`. */
  text: string;
  /** Where each line starts in `text`; one entry more, `text.length + 1`, closes the last line. */
  starts: number[];
  /** How many lines there are. */
  count: number;
  /**
   * The lines as strings, once `linesOf` has split them from `text` (the
   * spec reader never needs them). A plain field, not a getter: an accessor
   * on the scan made every read of it slower.
   */
  split: string[] | null;
  /** 1 for a line inside a code fence, the fence lines themselves included. */
  fenced: number[];
  /** For an unfenced line the CLI ends sections at (`^#{1,6}\s`), its level; otherwise 0. */
  boundary: number[];
  /** The title of each real heading (a boundary with text after the hashes), by line index. */
  titles: (string | undefined)[];
  /** Indices of the real headings, in document order. */
  headings: number[];
};

/**
 * Scans the LF-separated lines of `text` once, in place: no line is copied
 * out, and the flags and offsets go into plain arrays (a typed array of more
 * than 64 bytes gets a buffer of its own, which cost more than the scan).
 * Fences are tracked the way the CLI tracks them (any indent opens one; the
 * closer must match and carry nothing else), so a heading inside a fence is
 * never a heading, while an HTML comment hides nothing.
 */
function scanText(text: string, split: string[] | null): LineScan {
  const starts: number[] = [];
  const fenced: number[] = [];
  const boundary: number[] = [];
  const titles: (string | undefined)[] = [];
  const headings: number[] = [];
  let open: Fence | null = null;
  for (let start = 0, index = 0; start <= text.length; index++) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    starts.push(start);
    if (open !== null) {
      fenced.push(1);
      boundary.push(0);
      titles.push(undefined);
      if (closesFence(text, open, start, end)) open = null;
    } else {
      open = readFenceOpener(text, start, end);
      const heading = open === null ? readHeading(text, start, end) : null;
      fenced.push(open === null ? 0 : 1);
      boundary.push(heading === null ? 0 : heading.level);
      titles.push(heading?.title ?? undefined);
      if (heading !== null && heading.title !== null) headings.push(index);
    }
    start = end + 1;
  }
  starts.push(text.length + 1);
  return {
    text,
    starts,
    count: fenced.length,
    split,
    fenced,
    boundary,
    titles,
    headings,
  };
}

/** Scans lines that hold no LF (a `tasks.md` split as the CLI splits it). */
export function scanLines(lines: string[]): LineScan {
  return scanText(lines.join("\n"), lines);
}

/** Normalizes a document as the CLI does (see `normalizeDocument`) and scans its lines. */
export function scanDocument(markdown: unknown): LineScan {
  return scanText(normalizeDocument(markdown), null);
}

/** The scan's lines as strings, split from its text on first use. */
export function linesOf(scan: LineScan): string[] {
  if (scan.split === null) scan.split = scan.text.split("\n");
  return scan.split;
}
