import { boundaryAt, isBlankLine, type LineView, lineEnd } from "../lines/line-view.js";
import { readHeading } from "../lines/read-heading.js";
import { skipWhitespace, trimEndIndex } from "../lines/whitespace.js";

/** `**ID**: REQ-1`, `**Priority**: high`: metadata, not the requirement's statement. */
const METADATA_LINE = /^\*\*[^*]+\*\*:/;

/**
 * The CLI trims a section's content before splitting it into lines, so its
 * first line loses its indent and its last line its trailing space before the
 * heading test: `    # not a heading` as the first body line still ends the
 * text, and a bare `#### ` as the last line becomes text.
 */
function endsText(view: LineView, index: number, first: number, last: number): boolean {
  if (index !== first && index !== last) return boundaryAt(view, index) !== 0;
  const { text, starts } = view.scan;
  let start = starts[index]!;
  let end = lineEnd(view.scan, index);
  if (index === first) start = skipWhitespace(text, start, end);
  if (index === last) end = trimEndIndex(text, start, end);
  return readHeading(text, start, end) !== null;
}

/**
 * A requirement's statement: its body lines up to the first heading, trimmed,
 * blank and fenced lines left out, `**Key**:` metadata lines left out unless
 * they are all there is.
 */
export function readRequirementText(view: LineView, from: number, to: number): string {
  const { scan } = view;
  const { fenced, starts } = scan;
  let first = from;
  while (first < to && isBlankLine(scan, first)) first++;
  let last = to - 1;
  while (last >= first && isBlankLine(scan, last)) last--;
  let statement = "";
  let metadata = "";
  for (let index = first; index <= last; index++) {
    if (fenced[index]) continue;
    if (endsText(view, index, first, last)) break;
    const start = skipWhitespace(scan.text, starts[index]!, lineEnd(scan, index));
    const end = trimEndIndex(scan.text, start, lineEnd(scan, index));
    if (start === end) continue;
    const text = scan.text.slice(start, end);
    if (METADATA_LINE.test(text)) metadata = metadata === "" ? text : `${metadata}\n${text}`;
    else statement = statement === "" ? text : `${statement}\n${text}`;
  }
  return statement === "" ? metadata : statement;
}
