import { boundaryAt, isBlankLine, joinLines, type LineView } from "../lines/line-view.js";

/**
 * A requirement's description as written: every line from the one after its
 * heading up to the first heading (its first scenario, usually), with blank
 * lines, fences, lists and quotes kept; only leading and trailing blank lines
 * are dropped. This is what an agent edits and writes back, so nothing may be
 * lost; the CLI's narrower reading is `readRequirementText`.
 */
export function readRequirementDescription(view: LineView, from: number, to: number): string {
  const { scan } = view;
  let end = from;
  while (end < to && boundaryAt(view, end) === 0) end++;
  let first = from;
  while (first < end && isBlankLine(scan, first)) first++;
  let last = end - 1;
  while (last >= first && isBlankLine(scan, last)) last--;
  return joinLines(view.scan, first, last + 1);
}
