import { createLineView, joinTrimmed, sectionEnd } from "../lines/line-view.js";
import { scanDocument } from "../lines/scan-lines.js";
import type { DocumentSection, MarkdownDocument } from "../types.js";

/**
 * Reads a proposal.md or design.md into its title (the first level-1
 * heading) and every heading as a section. A section's content runs to the
 * next heading at its own level or above, so it includes its subsections, as
 * the CLI reads `## Why` and `## What Changes`. Never fails.
 */
export function parseDocument(markdown: string): MarkdownDocument {
  const scan = scanDocument(markdown);
  const view = createLineView(scan, scan.count);
  let title: string | null = null;
  const sections: DocumentSection[] = [];
  for (const index of scan.headings) {
    const heading = scan.titles[index]!;
    const level = scan.boundary[index]!;
    if (title === null && level === 1) title = heading;
    const content = joinTrimmed(scan, index + 1, sectionEnd(view, index, level));
    sections.push({ heading, level, content, line: index + 1 });
  }
  return { title, sections };
}
