import { scanDocument } from "./scan-lines.js";

/**
 * For each line of `markdown` (split as the CLI splits it), whether it lies
 * inside a code fence, the fence lines included, as the CLI tracks fences.
 */
export function codeFenceMask(markdown: string): boolean[] {
  const scan = scanDocument(markdown);
  return scan.fenced.map((fenced) => fenced === 1);
}
