import type { LineScan } from "../lines/scan-lines.js";
import type { DeltaSpec } from "../types.js";

export type DeltaKind = keyof DeltaSpec;
/** The lines between one `## ` heading and the next; `kind` is null for any other section. */
export type DeltaSection = { kind: DeltaKind | null; title: string; from: number; to: number };

const KINDS: Record<string, DeltaKind> = {
  "added requirements": "added",
  "modified requirements": "modified",
  "removed requirements": "removed",
  "renamed requirements": "renamed",
};

/** The stretches between `## ` headings; the one before the first heading has no title. */
export function splitSections(scan: LineScan): DeltaSection[] {
  const sections: DeltaSection[] = [];
  let current: DeltaSection = { kind: null, title: "", from: 0, to: scan.count };
  for (const index of scan.headings) {
    if (scan.boundary[index] !== 2) continue;
    current.to = index;
    sections.push(current);
    const title = scan.titles[index]!;
    current = {
      kind: KINDS[title.toLowerCase()] ?? null,
      title,
      from: index + 1,
      to: scan.count,
    };
  }
  sections.push(current);
  return sections;
}
