import { closesFence, type Fence, readFenceOpener } from "./fence.js";
import { readHeading } from "./read-heading.js";
import { normalizeDocument } from "./split-document.js";

/** One pass over a document's lines: what is fenced and where the headings are. */
export type LineScan = {
  lines: string[];
  /** The lines joined with LF, so a run of lines is one slice of it rather than a join. */
  text: string;
  /** Where each line starts in `text`; one entry more, `text.length + 1`, closes the last line. */
  starts: number[];
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
 * Scans lines once. Fences are tracked the way the CLI tracks them (any
 * indent opens one; the closer must match and carry nothing else), so a
 * heading inside a fence is never a heading, while an HTML comment hides
 * nothing.
 */
export function scanLines(lines: string[], text = lines.join("\n")): LineScan {
  // Plain arrays filled in order, not typed arrays: a typed array of more
  // than 64 bytes gets a separately allocated buffer, which cost more than
  // the rest of the scan on a typical spec.
  const starts: number[] = [];
  const fenced: number[] = [];
  const boundary: number[] = [];
  const titles: (string | undefined)[] = new Array(lines.length);
  const headings: number[] = [];
  let open: Fence | null = null;
  let offset = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    starts.push(offset);
    offset += line.length + 1;
    if (open !== null) {
      fenced.push(1);
      boundary.push(0);
      if (closesFence(line, open)) open = null;
      continue;
    }
    open = readFenceOpener(line);
    fenced.push(open === null ? 0 : 1);
    const heading = open === null ? readHeading(line) : null;
    boundary.push(heading === null ? 0 : heading.level);
    if (heading === null) continue;
    if (heading.title !== null) {
      titles[index] = heading.title;
      headings.push(index);
    }
  }
  starts.push(offset);
  return { lines, text, starts, fenced, boundary, titles, headings };
}

/** Normalizes a document as the CLI does (see `normalizeDocument`), splits it at LF and scans the lines. */
export function scanDocument(markdown: unknown): LineScan {
  const text = normalizeDocument(markdown);
  return scanLines(text.split("\n"), text);
}
