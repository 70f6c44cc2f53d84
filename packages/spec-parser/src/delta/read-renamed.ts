import { warning } from "../diagnostic.js";
import { type LineScan, linesOf } from "../lines/scan-lines.js";
import type { DeltaSpec, SpecDiagnostic } from "../types.js";
import { readRenameLine } from "./delta-lines.js";
import type { DeltaSection } from "./delta-sections.js";

/** A FROM pairs with the next TO; any line left without its partner is reported. */
export function readRenamed(
  scan: LineScan,
  section: DeltaSection,
  delta: DeltaSpec,
  diagnostics: SpecDiagnostic[],
) {
  let pending: { name: string; line: number } | null = null;
  const unpaired = (side: string, name: string, line: number) =>
    diagnostics.push(
      warning(
        "unpaired_rename",
        `RENAMED ${side}: "${name}" has no matching ${side === "FROM" ? "TO" : "FROM"}: line.`,
        line,
      ),
    );
  for (let index = section.from; index < section.to; index++) {
    if (scan.fenced[index]) continue;
    const rename = readRenameLine(linesOf(scan)[index]!);
    if (rename === null) continue;
    if (rename.side === "FROM") {
      if (pending !== null) unpaired("FROM", pending.name, pending.line);
      pending = { name: rename.name, line: index + 1 };
    } else if (pending === null) {
      unpaired("TO", rename.name, index + 1);
    } else {
      delta.renamed.push({ from: pending.name, to: rename.name, line: pending.line });
      pending = null;
    }
  }
  if (pending !== null) unpaired("FROM", pending.name, pending.line);
}
