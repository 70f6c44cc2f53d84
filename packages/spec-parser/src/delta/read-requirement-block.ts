import { warning } from "../diagnostic.js";
import { createLineView } from "../lines/line-view.js";
import { type LineScan, linesOf } from "../lines/scan-lines.js";
import { skipWhitespace } from "../lines/whitespace.js";
import { readRequirement } from "../spec/read-requirement.js";
import type { Requirement, SpecDiagnostic } from "../types.js";
import { readDeltaRequirementHeader } from "./requirement-header.js";

/** A block runs to the next requirement heading or `## ` line, whichever comes first. */
function blockEnd(scan: LineScan, at: number, sectionEnd: number): number {
  for (let index = at + 1; index < sectionEnd; index++) {
    if (scan.fenced[index]) continue;
    if (scan.boundary[index] === 2 || readDeltaRequirementHeader(linesOf(scan)[index]!) !== null) {
      return index;
    }
  }
  return sectionEnd;
}

function lastWrittenLine(scan: LineScan, at: number, end: number): number {
  let last = end - 1;
  while (last > at && skipWhitespace(linesOf(scan)[last]!, 0) === linesOf(scan)[last]!.length)
    last--;
  return last;
}

/**
 * Reads the delta requirement block whose `### Requirement: <name>` heading
 * is line `at` (named `name`, as readDeltaRequirementHeader read it). A
 * heading without a name is reported and yields null.
 */
export function readRequirementBlock(
  scan: LineScan,
  at: number,
  name: string,
  sectionEnd: number,
  diagnostics: SpecDiagnostic[],
): Requirement | null {
  if (name === "") {
    diagnostics.push(
      warning(
        "nameless_requirement",
        'Requirement heading has no name, so it is ignored; write "### Requirement: <name>".',
        at + 1,
      ),
    );
    return null;
  }
  const end = blockEnd(scan, at, sectionEnd);
  const view = createLineView(scan, end, lastWrittenLine(scan, at, end));
  const heading = linesOf(scan)[at]!.slice(3).trim();
  return { ...readRequirement(view, at, heading, 3, diagnostics), name };
}
