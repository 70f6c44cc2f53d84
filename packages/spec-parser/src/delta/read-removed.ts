import { warning } from "../diagnostic.js";
import { type LineScan, linesOf } from "../lines/scan-lines.js";
import type { DeltaSpec, SpecDiagnostic } from "../types.js";
import { readRemovedBullet } from "./delta-lines.js";
import type { DeltaSection } from "./delta-sections.js";
import { readRequirementBlock } from "./read-requirement-block.js";
import { readDeltaRequirementHeader } from "./requirement-header.js";

/** Both spellings count, a bullet even inside a heading-form block's body. */
export function readRemoved(
  scan: LineScan,
  section: DeltaSection,
  delta: DeltaSpec,
  diagnostics: SpecDiagnostic[],
) {
  const blockDiagnostics: SpecDiagnostic[] = [];
  for (let index = section.from; index < section.to; index++) {
    if (scan.fenced[index]) continue;
    const line = linesOf(scan)[index]!;
    const headingName = readDeltaRequirementHeader(line);
    const name = headingName ?? readRemovedBullet(line);
    if (name === null) continue;
    if (name === "") {
      diagnostics.push(
        warning("nameless_requirement", "REMOVED entry has no requirement name.", index + 1),
      );
      continue;
    }
    const requirement =
      headingName === null
        ? null
        : readRequirementBlock(scan, index, name, section.to, blockDiagnostics);
    delta.removed.push({ name, line: index + 1, requirement });
  }
}
