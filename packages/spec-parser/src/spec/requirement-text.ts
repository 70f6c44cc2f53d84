import { boundaryAt, type LineView } from "../lines/line-view.js";
import { readHeading } from "../lines/read-heading.js";
import { skipWhitespace } from "../lines/whitespace.js";

/** `**ID**: REQ-1`, `**Priority**: high`: metadata, not the requirement's statement. */
const METADATA_LINE = /^\*\*[^*]+\*\*:/;

function isBlank(line: string): boolean {
  return skipWhitespace(line, 0) === line.length;
}

/**
 * The CLI trims a section's content before splitting it into lines, so its
 * first line loses its indent and its last line its trailing space before the
 * heading test: `    # not a heading` as the first body line still ends the
 * text, and a bare `#### ` as the last line becomes text.
 */
function endsText(view: LineView, index: number, first: number, last: number): boolean {
  if (index !== first && index !== last) return boundaryAt(view, index) !== 0;
  let line = view.scan.lines[index]!;
  if (index === first) line = line.trimStart();
  if (index === last) line = line.trimEnd();
  return readHeading(line) !== null;
}

/**
 * A requirement's statement: its body lines up to the first heading, trimmed,
 * blank and fenced lines left out, `**Key**:` metadata lines left out unless
 * they are all there is.
 */
export function readRequirementText(view: LineView, from: number, to: number): string {
  const { lines, fenced } = view.scan;
  let first = from;
  while (first < to && isBlank(lines[first]!)) first++;
  let last = to - 1;
  while (last >= first && isBlank(lines[last]!)) last--;
  let statement = "";
  let metadata = "";
  for (let index = first; index <= last; index++) {
    if (fenced[index]) continue;
    if (endsText(view, index, first, last)) break;
    const text = lines[index]!.trim();
    if (text === "") continue;
    if (METADATA_LINE.test(text)) metadata = metadata === "" ? text : `${metadata}\n${text}`;
    else statement = statement === "" ? text : `${statement}\n${text}`;
  }
  return statement === "" ? metadata : statement;
}
