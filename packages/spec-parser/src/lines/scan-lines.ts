import { closesFence, type Fence, readFenceOpener } from "./fence.js";
import { readHeading } from "./read-heading.js";
import { normalizeDocument } from "./split-document.js";

/** One pass over a document's lines: what is fenced and where the headings are. */
export type LineScan = {
  lines: string[];
  /** The lines joined with LF, so a run of lines is one slice of it rather than a join. */
  text: string;
  /** Where each line starts in `text`; one entry more, `text.length + 1`, closes the last line. */
  starts: Uint32Array;
  /** 1 for a line inside a code fence, the fence lines themselves included. */
  fenced: Uint8Array;
  /** For an unfenced line the CLI ends sections at (`^#{1,6}\s`), its level; otherwise 0. */
  boundary: Uint8Array;
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
  const starts = new Uint32Array(lines.length + 1);
  const fenced = new Uint8Array(lines.length);
  const boundary = new Uint8Array(lines.length);
  const titles: (string | undefined)[] = new Array(lines.length);
  const headings: number[] = [];
  let open: Fence | null = null;
  let offset = 0;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    starts[index] = offset;
    offset += line.length + 1;
    if (open !== null) {
      fenced[index] = 1;
      if (closesFence(line, open)) open = null;
      continue;
    }
    open = readFenceOpener(line);
    if (open !== null) {
      fenced[index] = 1;
      continue;
    }
    const heading = readHeading(line);
    if (heading === null) continue;
    boundary[index] = heading.level;
    if (heading.title !== null) {
      titles[index] = heading.title;
      headings.push(index);
    }
  }
  starts[lines.length] = offset;
  return { lines, text, starts, fenced, boundary, titles, headings };
}

/** Normalizes a document as the CLI does (see `normalizeDocument`), splits it at LF and scans the lines. */
export function scanDocument(markdown: unknown): LineScan {
  const text = normalizeDocument(markdown);
  return scanLines(text.split("\n"), text);
}
