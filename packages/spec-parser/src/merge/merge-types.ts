/** The four delta operations, spelled as the delta sections spell them. */
export type DeltaOperation = "ADDED" | "MODIFIED" | "REMOVED" | "RENAMED";

/**
 * What one delta entry does to the baseline. `applied` is false when the
 * baseline already says it (a requirement added or modified with the same
 * text, a removal of a requirement that is gone, a rename already made): the
 * CLI counts only applied entries and leaves a spec untouched when none is.
 */
export type DeltaOperationResult = {
  name: string;
  operation: DeltaOperation;
  from?: string;
  applied: boolean;
};

export type MergeDiagnosticCode =
  | "invalid_input"
  | "unpaired_rename"
  | "duplicate_requirement"
  | "conflicting_sections"
  | "modified_uses_old_name"
  | "rename_collides_with_added"
  | "no_delta_operations"
  | "new_spec_with_modified_or_renamed"
  | "invalid_baseline_structure"
  | "rename_source_missing"
  | "rename_target_exists"
  | "removed_spelled_differently"
  | "modified_missing"
  | "modified_header_mismatch"
  | "modified_drops_scenarios"
  | "added_exists"
  | "requirement_without_text"
  | "requirement_without_scenarios"
  | "empty_delta_sections"
  | "missing_delta_sections"
  | "merged_spec_invalid"
  | "removed_missing"
  | "removed_ignored_for_new_spec"
  | "requirement_outside_delta_section"
  | "delta_purpose_ignored"
  | "purpose_too_brief"
  | "heading_absorbed_by_requirement"
  | "missing_shall_or_must";

/**
 * A reason the archive refuses the delta (`error`) or a note it prints while
 * applying it (`warning`). `message` is the CLI's own sentence where it has one.
 */
export type MergeDiagnostic = {
  code: MergeDiagnosticCode;
  severity: "error" | "warning";
  message: string;
  /** 1-based line in the delta spec, when the finding has one. */
  line?: number;
};

export type ApplyDeltaSpecInput = {
  /** The capability id, `auth` or `area/auth`: the CLI writes it into messages and a new spec's title. */
  specId: string;
  /** The change's folder name: a new spec's placeholder Purpose names it. */
  change: string;
  /** The current `openspec/specs/<id>/spec.md`, or null when it does not exist yet. */
  baseline: string | null;
  /** The change's `specs/<id>/spec.md`. */
  delta: string;
  /**
   * Whether `openspec archive` validates the change's delta specs before it
   * merges: it does when any of them has a `## ADDED/MODIFIED/REMOVED/RENAMED
   * Requirements` line. Only the wording of a refusal depends on it (a delta
   * without delta sections gets validate's sentence, else the merge's).
   * Default: whether this delta has such a line.
   */
  validated?: boolean;
};

export type MergeResult =
  | {
      ok: true;
      /** The spec file's bytes after `openspec archive`. */
      text: string;
      /** Whether the archive writes the file (false when every entry is already applied). */
      changed: boolean;
      operations: DeltaOperationResult[];
      /** Warnings only: what the CLI prints while applying. */
      diagnostics: MergeDiagnostic[];
    }
  | { ok: false; diagnostics: MergeDiagnostic[] };
