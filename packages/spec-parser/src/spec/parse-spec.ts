import { byLine, error, warning } from "../diagnostic.js";
import { childHeadings } from "../lines/child-headings.js";
import { createLineView, joinTrimmed, sectionEnd } from "../lines/line-view.js";
import { type LineScan, scanDocument } from "../lines/scan-lines.js";
import type { ParseResult, Requirement, Spec, SpecDiagnostic } from "../types.js";
import { readRequirement } from "./read-requirement.js";
import { hasRequirementPrefix } from "./requirement-name.js";

type Landmarks = {
  title: number;
  purpose: number;
  requirements: number;
};

/** The first level-1 heading, and the first heading titled Purpose / Requirements at any level. */
function findLandmarks(scan: LineScan): Landmarks {
  const found: Landmarks = { title: -1, purpose: -1, requirements: -1 };
  for (const index of scan.headings) {
    if (found.title < 0 && scan.boundary[index] === 1) found.title = index;
    const title = scan.titles[index]!.toLowerCase();
    if (found.purpose < 0 && title === "purpose") found.purpose = index;
    if (found.requirements < 0 && title === "requirements") found.requirements = index;
    if (found.title >= 0 && found.purpose >= 0 && found.requirements >= 0) break;
  }
  return found;
}

/** Every direct child heading of the Requirements section is a requirement, whatever its level or text. */
function readRequirements(
  scan: LineScan,
  landmarks: Landmarks,
  diagnostics: SpecDiagnostic[],
): Requirement[] {
  const document = createLineView(scan, scan.count);
  const section = childHeadings(
    document,
    landmarks.requirements,
    scan.boundary[landmarks.requirements]!,
  );
  return section.children.map((index, position) => {
    const heading = scan.titles[index]!;
    if (!hasRequirementPrefix(heading)) {
      diagnostics.push(
        warning(
          "non_requirement_heading",
          `Heading "${heading}" under Requirements is read as a requirement; write "Requirement: ${heading}" or move it out.`,
          index + 1,
        ),
      );
    }
    const view = createLineView(scan, section.children[position + 1] ?? section.end);
    return readRequirement(view, index, heading, scan.boundary[index]!, diagnostics);
  });
}

function readPurpose(scan: LineScan, at: number, diagnostics: SpecDiagnostic[]): string {
  if (at < 0) {
    diagnostics.push(error("missing_purpose", "Spec must have a Purpose section", 1));
    return "";
  }
  const view = createLineView(scan, scan.count);
  const purpose = joinTrimmed(scan, at + 1, sectionEnd(view, at, scan.boundary[at]!));
  if (purpose === "") {
    diagnostics.push(error("empty_purpose", "Spec must have a Purpose section", at + 1));
  }
  return purpose;
}

/**
 * Parses a main spec (`openspec/specs/<id>/spec.md`). Fails, with
 * `missing_purpose`, `empty_purpose` or `missing_requirements` and the
 * sentence `openspec show` prints, exactly when it refuses the file; never
 * throws.
 */
export function parseSpec(markdown: string): ParseResult<Spec> {
  const scan = scanDocument(markdown);
  const landmarks = findLandmarks(scan);
  const diagnostics: SpecDiagnostic[] = [];
  const purpose = readPurpose(scan, landmarks.purpose, diagnostics);
  if (landmarks.requirements < 0) {
    diagnostics.push(error("missing_requirements", "Spec must have a Requirements section", 1));
  }
  if (diagnostics.length > 0) return { ok: false, diagnostics };
  if (landmarks.title < 0) {
    diagnostics.push(warning("missing_title", 'Spec has no "# Title" heading.', 1));
  }
  const title = landmarks.title < 0 ? "" : scan.titles[landmarks.title]!;
  const requirements = readRequirements(scan, landmarks, diagnostics);
  return { ok: true, value: { title, purpose, requirements }, diagnostics: byLine(diagnostics) };
}
