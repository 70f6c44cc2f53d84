import { scanLines } from "../lines/scan-lines.js";
import { splitDocument } from "../lines/split-document.js";

/**
 * The first level-1 heading outside code fences, trimmed, or null. One scan
 * of the lines, no regex: a title line padded with a long run of spaces costs
 * linear time.
 */
export function readTitle(markdown: string): string | null {
  const scan = scanLines(splitDocument(markdown));
  for (const index of scan.headings) {
    if (scan.boundary[index] === 1) return scan.titles[index]!;
  }
  return null;
}
