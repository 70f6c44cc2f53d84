import { compareSpecRequirements, type DeltaEntry } from "./compare-spec-requirements.js";
import type { SpecDiff, SpecDiffDiagnostic } from "./spec-diff.js";
import { unifiedSpecDiff } from "./unified-spec-diff.js";

/** One delta spec of a change merged into its baseline, as the archive preview gives it. */
export type MergedSpecPreview = {
  spec: string;
  /** `openspec/specs/<id>/spec.md`, relative to the repository root. */
  baseline_path: string;
  baseline_exists: boolean;
  /** The baseline's text; null (or empty) when it does not exist. */
  baseline: string | null;
  /** What the archive would write; null when it would refuse the delta. */
  merged: string | null;
  /** false when the baseline already says everything and the archive leaves the file alone. */
  changed?: boolean;
  operations: readonly DeltaEntry[];
  diagnostics: readonly SpecDiffDiagnostic[];
};

/**
 * What merging one delta spec does to its baseline: the delta's operations
 * (authoritative) compared requirement by requirement, and a unified diff of
 * the baseline against the merged text, empty when the archive would refuse
 * the delta (its diagnostics say why) or change nothing.
 */
export function specDiffOfMerge(preview: MergedSpecPreview): SpecDiff {
  const baseline = preview.baseline ?? "";
  // An archive that changes nothing leaves the file as it is, whatever the merge would give.
  const after = preview.merged === null || preview.changed !== false ? preview.merged : baseline;
  const comparison = compareSpecRequirements({
    before: baseline,
    after,
    operations: preview.operations.map(({ operation, name, from }) =>
      from === undefined ? { operation, name } : { operation, name, from },
    ),
  });
  return {
    spec: preview.spec,
    path: preview.baseline_path,
    baseline_exists: preview.baseline_exists,
    requirements: comparison.requirements,
    unified_diff:
      after === null
        ? ""
        : unifiedSpecDiff({
            path: preview.baseline_path,
            before: baseline,
            after,
            beforeExists: preview.baseline_exists,
            afterExists: true,
          }),
    diagnostics: [
      ...preview.diagnostics.map((diagnostic) => ({ ...diagnostic })),
      ...comparison.diagnostics,
    ],
  };
}
