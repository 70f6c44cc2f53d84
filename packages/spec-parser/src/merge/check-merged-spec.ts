import { parseSpec } from "../spec/parse-spec.js";
import { findMainSpecStructureIssues } from "./main-spec-structure.js";
import type { MergeDiagnostic } from "./merge-types.js";
import { blockStatement, containsShallOrMust } from "./requirement-checks.js";
import { readRequirementsSection } from "./requirements-section.js";

/**
 * The errors `openspec validate` finds in a rebuilt spec, each of which makes
 * the archive write nothing: a spec the CLI cannot read, no requirement, a
 * requirement without a scenario or without text, or a broken structure.
 */
export function checkMergedSpec(specId: string, rebuilt: string): MergeDiagnostic[] {
  const problems: string[] = [];
  const parsed = parseSpec(rebuilt);
  if (!parsed.ok) {
    problems.push(
      ...parsed.diagnostics.filter((d) => d.severity === "error").map((d) => d.message),
    );
  } else {
    if (parsed.value.requirements.length === 0) {
      problems.push("Spec must have at least one requirement");
    }
    for (const requirement of parsed.value.requirements) {
      if (requirement.scenarios.length === 0) {
        problems.push(
          `Requirement "${requirement.name}": Requirement must have at least one scenario`,
        );
      }
    }
  }
  for (const issue of findMainSpecStructureIssues(rebuilt)) problems.push(issue.message);
  for (const block of readRequirementsSection(rebuilt).blocks) {
    if (blockStatement(block.raw)) continue;
    const base = `Requirement "${block.name}" must contain SHALL or MUST`;
    problems.push(
      containsShallOrMust(block.name)
        ? `${base} in the requirement body, not only in the header. Move the SHALL/MUST statement to the line immediately after the "### Requirement: ..." header.`
        : base,
    );
  }
  return problems.map((problem) => ({
    code: "merged_spec_invalid",
    severity: "error",
    message: `Rebuilt spec for '${specId}' failed validation. No files were changed. ${problem}`,
  }));
}
