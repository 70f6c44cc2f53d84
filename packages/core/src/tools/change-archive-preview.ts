import type { Repository } from "@org/openspec-artifacts";
import { z } from "zod";
import type { ResultBlock } from "../tool-presentation.js";
import type { ToolFailure } from "../tool-result.js";
import { countErrors } from "./count-errors.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { renderDiagnostics } from "./render-diagnostics.js";
import { renderSpecDiff } from "./render-spec-diff.js";
import { specDiffSchemas } from "./spec-diff-output.js";
import { withRequirementStatus } from "./with-requirement-status.js";

/**
 * What `openspec_change_archive` answers with `dry_run: true`: the archive,
 * previewed, nothing written. Built with the tool's output schema, when a host
 * first reads it.
 */
export function archivePreviewSchema() {
  const { specDiffSchema, changeDiffDiagnosticSchema } = specDiffSchemas();
  return z.strictObject({
    ok: z.literal(true),
    dry_run: z.literal(true),
    change: z.string(),
    archived_as: z.string().describe("The archive folder's name the change would get."),
    path: z.string().describe("That folder, relative to the repository root."),
    would_archive: z
      .boolean()
      .describe(
        "Whether the real call would archive: no error below, and no open task unless force.",
      ),
    tasks: z
      .strictObject({ done: z.number().int(), total: z.number().int() })
      .describe("The change's task progress now."),
    specs: z
      .array(specDiffSchema)
      .describe("Per delta spec, exactly what the archive would write (as openspec_spec_diff)."),
    diagnostics: z
      .array(changeDiffDiagnosticSchema)
      .describe("Findings about the change as a whole, e.g. its archive folder already taken."),
    errors: z.number().int().describe("Error diagnostics here and in the specs."),
  });
}

type ArchivePreview = z.output<ReturnType<typeof archivePreviewSchema>>;

/** The archive of `change` as it would happen, from the merge `openspec_spec_diff` shows. */
export async function previewArchive(
  repository: Repository,
  options: {
    change: string;
    tasks: { done: number; total: number };
    force: boolean;
    maxBytes: number;
    /** What `checkDeltaSpecs` said of the change: the real call refuses it unless force. */
    deltaSpecs: ToolFailure | null;
    /** The changes it needs first that are still active: the real call refuses it unless force. */
    blockedBy: string[];
  },
): Promise<ArchivePreview | ToolFailure> {
  const { diffChangeSpecs } = await import("@org/openspec-artifacts");
  const diffed = await diffChangeSpecs(repository, {
    change: options.change,
    maxBytes: options.maxBytes,
  });
  if (!diffed.ok) return fromArtifactFailure(diffed);
  const tasksAllow = options.force || options.tasks.done === options.tasks.total;
  const refusal = options.deltaSpecs;
  if (refusal !== null && refusal.code !== "no_delta_specs") return refusal;
  const diagnostics = [
    ...diffed.diagnostics,
    ...(refusal !== null && !options.force
      ? [{ code: refusal.code, severity: "error" as const, message: refusal.error }]
      : []),
    ...(options.blockedBy.length > 0
      ? [
          {
            code: "dependencies_active",
            severity: options.force ? ("warning" as const) : ("error" as const),
            message: dependenciesActive(options.change, options.blockedBy),
          },
        ]
      : []),
  ];
  return {
    ok: true,
    dry_run: true,
    change: diffed.change,
    archived_as: diffed.archived_as,
    path: diffed.archive_path,
    would_archive: diffed.would_archive && tasksAllow && countErrors([{ diagnostics }]) === 0,
    tasks: options.tasks,
    specs: diffed.specs.map(withRequirementStatus),
    diagnostics,
    errors: countErrors([{ diagnostics }, ...diffed.specs]),
  };
}

/** The sentence for a change archived before the changes it needs, in the preview and the real call. */
export function dependenciesActive(change: string, blockedBy: string[]): string {
  const names = blockedBy.map((name) => `"${name}"`).join(", ");
  return `"${change}" needs ${names} first, and ${blockedBy.length === 1 ? "it is" : "they are"} still active.`;
}

/** The preview for people: where it would go, why it would not, then each spec's diff. */
export function renderArchivePreview(preview: ArchivePreview): ResultBlock[] {
  const open = preview.tasks.total - preview.tasks.done;
  const blocks: ResultBlock[] = [
    {
      kind: "heading",
      text: `dry run: ${preview.change} would ${preview.would_archive ? "" : "NOT "}be archived to ${preview.path}`,
    },
    {
      kind: "text",
      text: `tasks ${preview.tasks.done}/${preview.tasks.total} done${open > 0 ? ` (${open} open: the archive needs force)` : ""}`,
      tone: open > 0 ? "warning" : "dim",
    },
  ];
  blocks.push(...renderDiagnostics(preview.diagnostics));
  if (preview.specs.length === 0) {
    blocks.push({ kind: "text", text: "(the change has no delta specs)", tone: "dim" });
  }
  for (const spec of preview.specs) blocks.push(...renderSpecDiff(spec));
  return blocks;
}
