import { warning } from "../diagnostic.js";
import { type LineScan, linesOf } from "../lines/scan-lines.js";
import type { DeltaSpec, SpecDiagnostic } from "../types.js";
import type { DeltaSection } from "./delta-sections.js";
import { readRequirementBlock } from "./read-requirement-block.js";
import { readDeltaRequirementHeader } from "./requirement-header.js";

/** The requirement blocks of an ADDED or MODIFIED section; other `###` headings are reported. */
export function readSectionRequirements(
  scan: LineScan,
  section: DeltaSection,
  delta: DeltaSpec,
  diagnostics: SpecDiagnostic[],
) {
  const target = section.kind === "added" ? delta.added : delta.modified;
  for (let index = section.from; index < section.to; index++) {
    if (scan.fenced[index]) continue;
    const name = readDeltaRequirementHeader(linesOf(scan)[index]!);
    if (name !== null) {
      const requirement = readRequirementBlock(scan, index, name, section.to, diagnostics);
      if (requirement !== null) target.push(requirement);
    } else if (scan.boundary[index] === 3 && scan.titles[index] !== undefined) {
      diagnostics.push(
        warning(
          "ignored_heading",
          `Heading "${scan.titles[index]}" in ${section.title} is not "### Requirement: <name>", so it is ignored.`,
          index + 1,
        ),
      );
    }
  }
}
