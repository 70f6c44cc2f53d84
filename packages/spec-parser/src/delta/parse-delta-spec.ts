import { byLine, error, warning } from "../diagnostic.js";
import { type LineScan, linesOf, scanDocument } from "../lines/scan-lines.js";
import type { DeltaSpec, ParseResult, SpecDiagnostic } from "../types.js";
import { type DeltaSection, splitSections } from "./delta-sections.js";
import { readRemoved } from "./read-removed.js";
import { readRenamed } from "./read-renamed.js";
import { readSectionRequirements } from "./read-section-requirements.js";
import { readDeltaRequirementHeader } from "./requirement-header.js";

/** A `### Requirement:` outside the four delta sections is read by nothing. */
function reportOrphans(scan: LineScan, section: DeltaSection, diagnostics: SpecDiagnostic[]) {
  for (let index = section.from; index < section.to; index++) {
    if (scan.fenced[index] || readDeltaRequirementHeader(linesOf(scan)[index]!) === null) continue;
    const where =
      section.title === "" ? "above the first ## section" : `under "## ${section.title}"`;
    diagnostics.push(
      warning(
        "requirement_outside_delta_section",
        `Requirement heading ${where} is outside every ADDED/MODIFIED/REMOVED/RENAMED section, so it is ignored.`,
        index + 1,
      ),
    );
  }
}

/**
 * Parses a change's delta spec (`openspec/changes/<change>/specs/<id>/spec.md`).
 * Repeated sections and any letter case of their titles are read in document
 * order. Fails with `missing_delta_sections` when no delta section exists.
 */
export function parseDeltaSpec(markdown: string): ParseResult<DeltaSpec> {
  const scan = scanDocument(markdown);
  const delta: DeltaSpec = { added: [], modified: [], removed: [], renamed: [] };
  const diagnostics: SpecDiagnostic[] = [];
  let hasDeltaSection = false;
  for (const section of splitSections(scan)) {
    if (section.kind === null) reportOrphans(scan, section, diagnostics);
    else hasDeltaSection = true;
    if (section.kind === "added" || section.kind === "modified") {
      readSectionRequirements(scan, section, delta, diagnostics);
    } else if (section.kind === "removed") readRemoved(scan, section, delta, diagnostics);
    else if (section.kind === "renamed") readRenamed(scan, section, delta, diagnostics);
  }
  if (!hasDeltaSection) {
    const message = "No ## ADDED, MODIFIED, REMOVED or RENAMED Requirements section.";
    return { ok: false, diagnostics: [error("missing_delta_sections", message, 1)] };
  }
  return { ok: true, value: delta, diagnostics: byLine(diagnostics) };
}
