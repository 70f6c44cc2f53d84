import type { RequirementChange } from "./compare-spec-requirements.js";

/** A finding about a spec diff: a problem the archive would hit, or a version that cannot be read. */
export type SpecDiffDiagnostic = {
  code: string;
  severity: "error" | "warning";
  message: string;
  /** 1-based line in the file the finding is about, when it has one. */
  line?: number;
};

/** What a change, or the edits since `HEAD`, do to one baseline spec. */
export type SpecDiff = {
  spec: string;
  /** The baseline file, `openspec/specs/<id>/spec.md`, relative to the repository root. */
  path: string;
  /** Whether the baseline exists (at `HEAD` when comparing with git); false for a new spec. */
  baseline_exists: boolean;
  requirements: RequirementChange[];
  /** A unified diff of the baseline against the result; empty when they are equal. */
  unified_diff: string;
  diagnostics: SpecDiffDiagnostic[];
};
