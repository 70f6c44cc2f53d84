import { join, relative } from "node:path";
import {
  applyDeltaSpec,
  countDeltaEntries,
  type DeltaOperationResult,
  hasDeltaHeaderLine,
  type MergeDiagnostic,
} from "@org/openspec-spec-parser";
import { archiveName } from "./archive-name.js";
import { checkArchiveWrites } from "./check-archive-writes.js";
import { checkSpecId } from "./check-name.js";
import { yieldEvery } from "./cli-listing/yield-every.js";
import { type ArchiveDiagnostic, discoverDeltaSpecs } from "./discover-delta-specs.js";
import { type Failure, failure } from "./failure.js";
import { locateActiveChangeInTurns } from "./locate-active-change-in-turns.js";
import type { Repository } from "./open-repository.js";
import { pathExists } from "./path-exists.js";
import { readContainedFile } from "./read-contained-text.js";
import { DEFAULT_MAX_ARTIFACT_BYTES } from "./read-regular-file.js";
import { readRepositoryText } from "./read-repository-text.js";
import { isReported, readFailure } from "./read-warning.js";

/** The key as the CLI looks for it, quoted or not, at the start of a line. */
const RETIREMENT_MARKER = /^\s*(['"]?)retire_capabilities\1\s*:/m;

/** What archiving does to one main spec. */
export type SpecArchivePreview = {
  /** The capability id, `auth` or `area/auth`. */
  spec: string;
  /** The delta spec, relative to the repository root. */
  delta_path: string;
  /** The main spec, relative to the repository root. */
  baseline_path: string;
  baseline_exists: boolean;
  baseline: string | null;
  /** The main spec's bytes after the archive; null when the archive refuses this delta. */
  merged: string | null;
  /** Whether the archive writes the main spec (false when the baseline already says it all). */
  changed: boolean;
  operations: DeltaOperationResult[];
  /** Errors (why the archive refuses) and warnings (what it prints), in the CLI's words. */
  diagnostics: MergeDiagnostic[];
};

export type ChangeArchivePreview = {
  ok: true;
  change: string;
  /** The folder name under `openspec/changes/archive/` the change would move to. */
  archived_as: string;
  /** That folder, relative to the repository root. */
  archive_path: string;
  /** False when any diagnostic, of the change or of a spec, is an error: the CLI would change nothing. */
  would_archive: boolean;
  specs: SpecArchivePreview[];
  diagnostics: ArchiveDiagnostic[];
};

export type ArchivePreviewOptions = {
  change: string;
  /** Only this capability's preview (every delta spec still counts for `would_archive`). */
  spec?: string;
  maxBytes?: number;
  /** The moment the archive date is taken from (local time); now by default. */
  now?: Date;
};

/**
 * What `openspec archive <change> --yes` would write, without writing: per
 * delta spec the merged main spec, byte for byte, or why the CLI would refuse.
 */
export async function previewChangeArchive(
  repository: Repository,
  options: ArchivePreviewOptions,
): Promise<ChangeArchivePreview | Failure> {
  if (options.spec !== undefined) {
    const invalid = checkSpecId(options.spec);
    if (invalid) return invalid;
  }
  const located = await locateActiveChangeInTurns(repository, options.change);
  if ("ok" in located) return located;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ARTIFACT_BYTES;
  // What the archive would write through a symlink out is refused, not previewed as a new spec.
  const outside = await checkArchiveWrites(repository, {
    change: options.change,
    maxBytes,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  if (outside) return outside;
  const discovery = await discoverDeltaSpecs(
    repository,
    join(located.changeDir, "specs"),
    maxBytes,
  );
  if ("ok" in discovery) return discovery;
  if (options.spec !== undefined && !discovery.specs.some((spec) => spec.id === options.spec)) {
    return failure(
      "spec_not_found",
      `Delta spec "${options.spec}" not found in change "${options.change}".`,
      { fix: "Leave out {field:spec} to preview every delta spec of the change." },
    );
  }
  // Each delta spec is a read and a merge: the event loop gets a turn between a few of them.
  const pause = yieldEvery(SPECS_PER_TURN);
  const deltas: { id: string; file: string; delta: string }[] = [];
  for (const { id, file } of discovery.specs) {
    await pause();
    const delta = readWhole(repository, file, maxBytes);
    if (typeof delta !== "string") {
      if (delta === null) continue;
      return delta;
    }
    deltas.push({ id, file, delta });
  }
  // The archive validates every delta spec first when any has a delta header; that decides whose words a refusal is in.
  const validated = deltas.some(({ delta }) => hasDeltaHeaderLine(delta));
  const specs: SpecArchivePreview[] = [];
  for (const { id, file, delta } of deltas) {
    await pause();
    const baselineFile = join(repository.openspecDir, "specs", ...id.split("/"), "spec.md");
    const baseline = readWhole(repository, baselineFile, maxBytes);
    if (baseline !== null && typeof baseline !== "string") return baseline;
    const result = applyDeltaSpec({
      specId: id,
      change: options.change,
      baseline,
      delta,
      validated,
    });
    specs.push({
      spec: id,
      delta_path: relative(repository.root, file),
      baseline_path: relative(repository.root, baselineFile),
      baseline_exists: baseline !== null,
      baseline,
      merged: result.ok ? result.text : null,
      changed: result.ok && result.changed,
      operations: result.ok ? result.operations : [],
      diagnostics: result.diagnostics,
    });
  }
  const archived_as = archiveName(options.change, options.now);
  const archiveDir = join(repository.openspecDir, "changes", "archive", archived_as);
  const diagnostics = [...discovery.diagnostics];
  // The archive's validation counts the entries of every delta spec: none at all is a
  // refusal of the change as a whole, besides each spec's own (an empty MODIFIED section).
  if (validated && deltas.every(({ delta }) => countDeltaEntries(delta) === 0)) {
    diagnostics.push({
      code: "change_without_deltas",
      severity: "error",
      message: NO_DELTAS_MESSAGE,
      path: relative(repository.root, located.changeDir),
    });
  }
  if (pathExists(archiveDir)) {
    diagnostics.push({
      code: "archive_target_exists",
      severity: "error",
      message: `Archive '${archived_as}' already exists.`,
      path: relative(repository.root, archiveDir),
    });
  }
  const metadata = readRepositoryText(join(located.changeDir, ".openspec.yaml"), repository);
  if (metadata !== null && RETIREMENT_MARKER.test(metadata)) {
    diagnostics.push({
      code: "retirement_not_previewed",
      severity: "warning",
      message:
        "The change's .openspec.yaml mentions retire_capabilities: where a delta removes a capability's last requirement, openspec archive may delete that main spec instead of refusing, which this preview does not show.",
      path: relative(repository.root, join(located.changeDir, ".openspec.yaml")),
    });
  }
  const isError = (diagnostic: { severity: string }) => diagnostic.severity === "error";
  return {
    ok: true,
    change: options.change,
    archived_as,
    archive_path: relative(repository.root, archiveDir),
    would_archive:
      !diagnostics.some(isError) && specs.every((spec) => !spec.diagnostics.some(isError)),
    specs: options.spec === undefined ? specs : specs.filter((spec) => spec.spec === options.spec),
    diagnostics,
  };
}

/** What `openspec archive` (1.13.2) says of a change whose delta specs hold no entry, word for word. */
const NO_DELTAS_MESSAGE =
  'Change must have at least one delta. No deltas found. Ensure your change has a specs/ directory with capability folders (e.g. specs/http-server/spec.md) containing .md files that use delta headers (## ADDED/MODIFIED/REMOVED/RENAMED Requirements) and that each requirement includes at least one "#### Scenario:" block. If this change intentionally modifies no specs (pure refactor, tooling, docs), set "skip_specs: true" in the change\'s .openspec.yaml instead. Tip: run "openspec change show <change-id> --json --deltas-only" to inspect parsed deltas.';

/** Delta specs read or merged between two turns of the event loop. */
const SPECS_PER_TURN = 32;

/** A whole file inside the repository; null when missing; a failure when it cannot be read in full. */
function readWhole(
  repository: Repository,
  file: string,
  maxBytes: number,
): string | null | Failure {
  const read = readContainedFile(repository, file, maxBytes);
  const path = relative(repository.root, file);
  if (read.ok) {
    if (!read.truncated) return read.text;
    return failure(
      "file_too_large",
      `${path} is ${read.size} bytes, more than the ${maxBytes} read.`,
      {
        fix: "Raise OPENSPEC_AGENT_MAX_ARTIFACT_BYTES to preview a spec this large.",
        path,
      },
    );
  }
  if (isReported(read.code)) return readFailure(repository, file, read.code);
  if (read.code === "outside_repository") {
    return failure(
      "path_outside_repository",
      `${path} is a symlink that leads outside the repository.`,
      {
        fix: "Replace the symlink with the file itself.",
        path,
      },
    );
  }
  return null;
}
