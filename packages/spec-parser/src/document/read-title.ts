import { scanDocument } from "../lines/scan-lines.js";

/**
 * The first level-1 heading outside code fences, trimmed, or null. One scan
 * of the lines, no regex: a title line padded with a long run of spaces costs
 * linear time.
 */
export function readTitle(markdown: string): string | null {
  const scan = scanDocument(markdown);
  for (const index of scan.headings) {
    if (scan.boundary[index] === 1) return scan.titles[index]!;
  }
  return null;
}
