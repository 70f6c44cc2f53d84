import { fenceFlags } from "./merge-lines.js";

const FOREIGN_HEADING = /^ {0,3}#{1,3}(?:[ \t]|$)/;

/**
 * The part of a requirement block from the first `#`, `##` or `###` heading
 * below its own (outside fences): a note the block reader swept into the
 * requirement, which goes wherever the requirement goes.
 */
export function foreignTail(raw: string): { heading: string; raw: string } | undefined {
  const lines = raw.replace(/\r\n?/g, "\n").split("\n");
  const fenced = fenceFlags(lines);
  for (let index = 1; index < lines.length; index++) {
    if (fenced[index]) continue;
    if (FOREIGN_HEADING.test(lines[index]!)) {
      return { heading: lines[index]!.trim(), raw: lines.slice(index).join("\n").trimEnd() };
    }
  }
  return undefined;
}

/** Non-overlapping copies of `needle` in `haystack`; 0 for an empty needle. */
export function countOccurrences(haystack: string, needle: string): number {
  if (!needle) return 0;
  let count = 0;
  for (
    let at = haystack.indexOf(needle);
    at !== -1;
    at = haystack.indexOf(needle, at + needle.length)
  ) {
    count++;
  }
  return count;
}
