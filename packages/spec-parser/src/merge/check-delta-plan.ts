import { foldName, requirementKey } from "./merge-lines.js";
import type { MergeDiagnostic } from "./merge-types.js";
import type { DeltaPlan } from "./read-delta-plan.js";
import type { RequirementBlock } from "./requirement-block.js";
import {
  blockStatement,
  containsShallOrMust,
  countEmptyScenarios,
  countScenarios,
} from "./requirement-checks.js";

const error = (code: MergeDiagnostic["code"], message: string, line?: number): MergeDiagnostic =>
  line === undefined
    ? { code, severity: "error", message }
    : { code, severity: "error", message, line };
const warning = (code: MergeDiagnostic["code"], message: string, line?: number): MergeDiagnostic =>
  line === undefined
    ? { code, severity: "warning", message }
    : { code, severity: "warning", message, line };

function shallOrMustMessage(prefix: string, name: string, guidanceOnly: boolean): string {
  const base = `${prefix} ${guidanceOnly ? "should" : "must"} contain SHALL or MUST`;
  const suffix = guidanceOnly ? " (RFC 2119 best practice for English specs)" : "";
  if (containsShallOrMust(name)) {
    return `${base} in the requirement body, not only in the header. Move the SHALL/MUST statement to the line immediately after the "### Requirement: ..." header.${suffix}`;
  }
  return `${base}${suffix}`;
}

/** ADDED and MODIFIED blocks need a statement and a scenario with a body. */
function checkBlocks(
  section: "ADDED" | "MODIFIED",
  blocks: RequirementBlock[],
  names: Set<string>,
  found: MergeDiagnostic[],
) {
  for (const block of blocks) {
    const key = requirementKey(block.name);
    if (names.has(key)) {
      found.push(
        error("duplicate_requirement", `Duplicate requirement in ${section}: "${block.name}"`),
      );
    }
    names.add(key);
    const label = `${section} "${block.name}"`;
    const statement = blockStatement(block.raw);
    if (!statement) {
      found.push(
        error(
          "requirement_without_text",
          containsShallOrMust(block.name)
            ? shallOrMustMessage(label, block.name, false)
            : `${label} is missing requirement text`,
        ),
      );
    } else if (!containsShallOrMust(statement)) {
      found.push(warning("missing_shall_or_must", shallOrMustMessage(label, block.name, true)));
    }
    if (countScenarios(block.raw) < 1) {
      const hint =
        countEmptyScenarios(block.raw) === 0
          ? ""
          : ' (a scenario header with no body under it does not count; add its steps, e.g. "- **WHEN** ..." and "- **THEN** ...")';
      found.push(
        error(
          "requirement_without_scenarios",
          `${label} must include at least one scenario${hint}`,
        ),
      );
    }
  }
}

/**
 * What `openspec validate` finds in one delta spec before the archive merges
 * anything, in its wording: the archive refuses the whole change on any error.
 * When the archive does not validate first (no delta spec of the change has a
 * delta header), a delta without sections is refused by the merge instead, in
 * the merge's sentence, which names `specId`.
 */
export function checkDeltaPlan(
  plan: DeltaPlan,
  refusal: { specId: string; validated: boolean },
): MergeDiagnostic[] {
  const found: MergeDiagnostic[] = [];
  for (const unpaired of plan.unpairedRenames) {
    const missing = unpaired.side === "FROM" ? "TO" : "FROM";
    found.push(
      error(
        "unpaired_rename",
        `RENAMED ${unpaired.side}: "${unpaired.name}" has no matching ${missing}: line. Write each rename as a FROM: line followed immediately by its TO: line.`,
        unpaired.line,
      ),
    );
  }
  // Validate's warning; an archive that does not validate first never prints it.
  for (const orphan of refusal.validated ? plan.orphanedRequirements : []) {
    const where = orphan.section ? `under "## ${orphan.section}"` : 'above the first "## " section';
    found.push(
      warning(
        "requirement_outside_delta_section",
        `Requirement "${orphan.name}" is ${where}, which is not a delta section, so it is ignored. Move it under "## ADDED Requirements", "## MODIFIED Requirements", "## REMOVED Requirements", or "## RENAMED Requirements".`,
        orphan.line,
      ),
    );
  }
  const added = new Set<string>();
  const modified = new Set<string>();
  const removed = new Set<string>();
  checkBlocks("ADDED", plan.added, added, found);
  checkBlocks("MODIFIED", plan.modified, modified, found);
  for (const { name, line } of plan.removed) {
    const key = requirementKey(name);
    if (removed.has(key)) {
      found.push(
        error("duplicate_requirement", `Duplicate requirement in REMOVED: "${name}"`, line),
      );
    }
    removed.add(key);
  }
  const renamedFrom = new Set<string>();
  const renamedTo = new Set<string>();
  for (const { from, to, line } of plan.renamed) {
    if (renamedFrom.has(requirementKey(from))) {
      found.push(error("duplicate_requirement", `Duplicate FROM in RENAMED: "${from}"`, line));
    }
    if (renamedTo.has(requirementKey(to))) {
      found.push(error("duplicate_requirement", `Duplicate TO in RENAMED: "${to}"`, line));
    }
    renamedFrom.add(requirementKey(from));
    renamedTo.add(requirementKey(to));
  }
  const both = (a: string, b: string, name: string) =>
    error("conflicting_sections", `Requirement present in both ${a} and ${b}: "${name}"`);
  for (const name of modified) {
    if (removed.has(name)) found.push(both("MODIFIED", "REMOVED", name));
    if (added.has(name)) found.push(both("MODIFIED", "ADDED", name));
  }
  for (const name of added) if (removed.has(name)) found.push(both("ADDED", "REMOVED", name));
  for (const { from, to, line } of plan.renamed) {
    const fromKey = requirementKey(from);
    if (modified.has(fromKey)) {
      found.push(
        error(
          "modified_uses_old_name",
          `MODIFIED references old name from RENAMED. Use new header for "${to}"`,
          line,
        ),
      );
    }
    if (added.has(requirementKey(to))) {
      found.push(
        error("rename_collides_with_added", `RENAMED TO collides with ADDED for "${to}"`, line),
      );
    }
    const removedMatch = [...removed].find((name) => foldName(name) === foldName(fromKey));
    if (removedMatch !== undefined) {
      found.push(
        error(
          "conflicting_sections",
          `Requirement present in both RENAMED and REMOVED: "${from}"${removedMatch === fromKey ? "" : ` (REMOVED spells it "${removedMatch}")`}`,
          line,
        ),
      );
    }
  }
  const entries =
    plan.added.length + plan.modified.length + plan.removed.length + plan.renamed.length;
  if (entries === 0 && plan.sections.length > 0) {
    found.push(
      error(
        "empty_delta_sections",
        `Delta sections ${listSections(plan.sections)} were found, but no requirement entries parsed. Ensure each section includes at least one "### Requirement:" block (REMOVED may use bullet list syntax).`,
      ),
    );
  } else if (entries === 0) {
    found.push(
      error(
        "missing_delta_sections",
        refusal.validated
          ? 'No delta sections found. Add headers such as "## ADDED Requirements" or move non-delta notes outside specs/.'
          : `Delta parsing found no operations for ${refusal.specId}. Provide ADDED/MODIFIED/REMOVED/RENAMED sections in change spec.`,
      ),
    );
  }
  return found;
}

function listSections(sections: string[]): string {
  if (sections.length === 1) return sections[0]!;
  return `${sections.slice(0, -1).join(", ")} and ${sections[sections.length - 1]}`;
}
