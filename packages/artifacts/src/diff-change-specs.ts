import type { Failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import { previewChangeArchive } from "./preview-change-archive.js";
import type { SpecDiff } from "./spec-diff.js";
import { specDiffOfMerge } from "./spec-diff-of-merge.js";

/** A finding about a change as a whole (a delta file the archive would not merge, an archive folder in the way). */
export type ChangeDiffDiagnostic = {
  code: string;
  severity: "error" | "warning";
  message: string;
  /** Relative to the repository root. */
  path?: string;
};

/** What a change does to the baseline specs, per delta spec. */
export type ChangeSpecDiff = {
  ok: true;
  change: string;
  /** The folder name under `openspec/changes/archive/` the change would move to. */
  archived_as: string;
  /** That folder, relative to the repository root. */
  archive_path: string;
  /** False when any diagnostic of the change or of any of its delta specs is an error: `openspec archive` would refuse. */
  would_archive: boolean;
  specs: SpecDiff[];
  diagnostics: ChangeDiffDiagnostic[];
};

/**
 * What archiving `change` would do to each baseline spec (or only `spec`),
 * from the same merge `openspec_change_archive` previews with: per delta
 * spec the requirements it adds, modifies, removes or renames, and a unified
 * diff of the baseline against the bytes the archive would write. Nothing
 * is written.
 */
export async function diffChangeSpecs(
  repository: Repository,
  options: { change: string; spec?: string | undefined; maxBytes?: number },
): Promise<ChangeSpecDiff | Failure> {
  const preview = await previewChangeArchive(repository, {
    change: options.change,
    ...(options.spec === undefined ? {} : { spec: options.spec }),
    ...(options.maxBytes === undefined ? {} : { maxBytes: options.maxBytes }),
  });
  if (!preview.ok) return preview;
  return {
    ok: true,
    change: preview.change,
    archived_as: preview.archived_as,
    archive_path: preview.archive_path,
    would_archive: preview.would_archive,
    specs: preview.specs.map((spec) => specDiffOfMerge(spec)),
    diagnostics: preview.diagnostics.map((diagnostic) => ({ ...diagnostic })),
  };
}
