import { applyOperations } from "./apply-operations.js";
import { checkDeltaPlan } from "./check-delta-plan.js";
import { checkMergedSpec } from "./check-merged-spec.js";
import { composeSpec } from "./compose-spec.js";
import { countOccurrences, foreignTail } from "./foreign-tail.js";
import { hasDeltaHeaderLine } from "./has-delta-header-line.js";
import { matchLineEnding } from "./line-ending.js";
import { findMainSpecStructureIssues } from "./main-spec-structure.js";
import type { ApplyDeltaSpecInput, MergeDiagnostic, MergeResult } from "./merge-types.js";
import { newSpecSkeleton, readableOverview } from "./new-spec-skeleton.js";
import { readPurposeSection } from "./purpose-section.js";
import { readDeltaPlan } from "./read-delta-plan.js";
import type { RequirementBlock } from "./requirement-block.js";
import { readRequirementsSection } from "./requirements-section.js";

const MIN_PURPOSE_LENGTH = 50;

const normalized = (raw: string) => raw.replace(/\r\n?/g, "\n").trim();

function refuse(code: MergeDiagnostic["code"], message: string): MergeResult {
  return { ok: false, diagnostics: [{ code, severity: "error", message }] };
}

/**
 * Merges one delta spec into its baseline exactly as `openspec archive`
 * (1.13.2) does, and returns the bytes it would write, or why it would refuse.
 * Pure: the caller reads both files.
 */
export function applyDeltaSpec(input: ApplyDeltaSpecInput): MergeResult {
  const { specId, change, baseline, delta } = input;
  // Untyped callers (JSON from a host) get a value, not a TypeError.
  const texts = [specId, change, delta, baseline ?? ""];
  if (texts.some((text) => typeof text !== "string")) {
    return refuse(
      "invalid_input",
      "applyDeltaSpec needs specId, change and delta as strings, and baseline as a string or null.",
    );
  }
  const plan = readDeltaPlan(delta);
  const validated = input.validated ?? hasDeltaHeaderLine(delta);
  const checked = checkDeltaPlan(plan, { specId, validated });
  if (checked.some((diagnostic) => diagnostic.severity === "error")) {
    return { ok: false, diagnostics: checked };
  }
  const warnings: MergeDiagnostic[] = [];
  const warn = (code: MergeDiagnostic["code"], message: string, line?: number) =>
    warnings.push(
      line === undefined
        ? { code, severity: "warning", message }
        : { code, severity: "warning", message, line },
    );
  for (const orphan of plan.orphanedRequirements) {
    const where = orphan.section ? `under "## ${orphan.section}"` : 'above the first "## " section';
    warn(
      "requirement_outside_delta_section",
      `${specId} - requirement "${orphan.name}" (line ${orphan.line}) is ${where}, which is not a delta section, so it was not applied. Move it under ADDED/MODIFIED/REMOVED/RENAMED Requirements.`,
      orphan.line,
    );
  }
  const deltaPurpose = readPurposeSection(delta);
  let target: string;
  if (baseline !== null) {
    target = baseline;
    const existingPurpose = deltaPurpose ? readPurposeSection(baseline) : undefined;
    if (existingPurpose && existingPurpose !== deltaPurpose) {
      warn(
        "delta_purpose_ignored",
        `${specId} - delta Purpose ignored; ${specId} already has one. Edit openspec/specs/${specId}/spec.md directly to change it.`,
      );
    }
  } else {
    if (plan.modified.length > 0 || plan.renamed.length > 0) {
      return refuse(
        "new_spec_with_modified_or_renamed",
        `${specId}: target spec does not exist; only ADDED requirements are allowed for new specs. MODIFIED and RENAMED operations require an existing spec.`,
      );
    }
    if (plan.removed.length > 0) {
      warn(
        "removed_ignored_for_new_spec",
        `${specId} - ${plan.removed.length} REMOVED requirement(s) ignored for new spec (nothing to remove).`,
      );
    }
    target = newSpecSkeleton(specId, change, deltaPurpose);
    const overview = deltaPurpose ? readableOverview(target) : null;
    if (deltaPurpose && !overview) {
      target = newSpecSkeleton(specId, change);
      warn(
        "delta_purpose_ignored",
        `${specId} - delta Purpose ignored (it would leave the new spec unreadable); wrote the placeholder Purpose instead.`,
      );
    } else if (overview && overview.length < MIN_PURPOSE_LENGTH) {
      warn(
        "purpose_too_brief",
        `${specId} - carried Purpose is under ${MIN_PURPOSE_LENGTH} characters; openspec validate --strict reports it as too brief.`,
      );
    }
  }
  const structure = findMainSpecStructureIssues(target);
  if (structure.length > 0) {
    return refuse(
      "invalid_baseline_structure",
      `${specId}: target spec is structurally invalid and cannot be updated until fixed:\n${structure
        .map((issue) => `line ${issue.line}: ${issue.message}`)
        .join("\n")}`,
    );
  }
  const parts = readRequirementsSection(target);
  const applied = applyOperations(specId, plan, parts.blocks, baseline === null);
  if (!applied.ok) return { ok: false, diagnostics: [applied.diagnostic] };
  const { blocks, orderedKeys, operations } = applied.value;
  for (const message of applied.value.warnings) warn("removed_missing", message);

  const kept: RequirementBlock[] = [];
  const seen = new Set<string>();
  parts.blocks.forEach((original, index) => {
    const key = orderedKeys[index]!;
    const replacement = blocks.get(key);
    if (replacement) {
      kept.push(replacement);
      seen.add(key);
    }
    if (replacement === original) return;
    const tail = foreignTail(original.raw);
    if (tail === undefined) return;
    const tailText = normalized(tail.raw);
    const keepsTail =
      replacement !== undefined &&
      countOccurrences(normalized(replacement.raw), tailText) >=
        countOccurrences(normalized(original.raw), tailText);
    if (!keepsTail) {
      warn(
        "heading_absorbed_by_requirement",
        `${specId} - "${tail.heading}" sits inside requirement "${original.name}" and goes with it. Move it under its own requirement, or above \`## Requirements\`, to keep it.`,
      );
    }
  });
  for (const [key, block] of blocks) if (!seen.has(key)) kept.push(block);

  const rebuilt = composeSpec(parts, kept);
  // The archive validates every rebuilt spec, written or not, before it writes any.
  const invalid = checkMergedSpec(specId, rebuilt);
  if (invalid.length > 0) return { ok: false, diagnostics: invalid };
  const changed = operations.some((operation) => operation.applied);
  const text =
    baseline === null ? rebuilt : changed ? matchLineEnding(rebuilt, baseline) : baseline;
  return { ok: true, text, changed, operations, diagnostics: warnings };
}
