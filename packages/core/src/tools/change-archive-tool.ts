import { lstatSync } from "node:fs";
import { join } from "node:path";
import type { RunSuccess } from "@org/openspec-cli-runner";
import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { cliRunFields } from "../output-fields.js";
import { defineTool, writingTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import {
  archivePreviewSchema,
  dependenciesActive,
  previewArchive,
  renderArchivePreview,
} from "./change-archive-preview.js";
import { checkDeltaSpecs } from "./check-delta-specs.js";
import { type ExternalSpecWrite, findExternalSpecWrites } from "./find-external-spec-writes.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { inRepository } from "./in-repository.js";

/** Large enough for any real spec: a baseline is compared whole, never cut. */
const MAX_SPEC_BYTES = 64 * 1024 * 1024;

const outcomeSchema = builtOnFirstUse(() => z.enum(["created", "updated", "removed", "unchanged"]));

/** What `openspec archive --json` prints on success. */
const archiveReport = builtOnFirstUse(() =>
  z.object({
    archive: z.object({
      change: z.string(),
      archivedAs: z.string(),
      specsUpdated: z.boolean(),
      totals: z
        .object({
          added: z.number(),
          modified: z.number(),
          removed: z.number(),
          renamed: z.number(),
        })
        .optional(),
      warnings: z.array(z.string()).optional(),
    }),
  }),
);

export const changeArchiveTool = defineTool({
  name: "openspec_change_archive",
  description:
    "Archive a finished change: merge its delta specs into the specs and move it to the archive; `dry_run` previews.",
  notes:
    "Archive a finished change with `openspec archive <change> --yes --json`: its delta specs are merged into openspec/specs (unless skip_specs) and its folder moves to openspec/changes/archive/<date>-<change>. Refuses before running the CLI when tasks are open (tasks_open, with how many) unless force is true, when the change has no delta spec and its .openspec.yaml does not set skip_specs (no_delta_specs: openspec validate rejects it) unless skip_specs or force is true, and refuses names or folders that lead outside the repository: before the CLI runs, every path it would write or move (each baseline spec.md a delta merges into, openspec/specs, the archive folder) must stay inside, else path_outside_repository names the path and the symlink; should the CLI still report a spec written outside, the answer is external_write, never ok. Answers with the archive folder, each baseline spec the change touched and what happened to it (created, updated, removed, unchanged), the CLI's totals and warnings, and the CLI's JSON under stdout; what it reports is checked on disk. The CLI's own refusals (validation, a taken archive name) come back with its diagnostics. With dry_run: true nothing runs or moves: the answer previews the archive, per delta spec exactly what it would write to openspec/specs (the requirements and a unified diff, as openspec_spec_diff), and would_archive says whether the real call would go through.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        change: nameField("Active change."),
        skip_specs: z.boolean().optional().describe("Do not merge delta specs."),
        force: z.boolean().optional().describe("Archive with open tasks or no delta spec."),
        dry_run: z.boolean().optional().describe("Preview only; nothing moves."),
      })
      .strict(),
  outputSchema: () =>
    z.union([
      z.strictObject({
        ...cliRunFields(),
        dry_run: z.literal(false),
        change: z.string(),
        archived_as: z
          .string()
          .describe("The archive folder's name, e.g. 2026-12-03-add-passkeys."),
        path: z.string().describe("The archive folder, relative to the repository root."),
        specs_updated: z.boolean().describe("Whether the CLI wrote any baseline spec."),
        specs: z
          .array(
            z.strictObject({
              id: z.string().describe("The spec id, as under openspec/specs."),
              path: z.string().describe("The baseline spec.md, relative to the repository root."),
              outcome: outcomeSchema().describe("What the archive did to it, seen on disk."),
            }),
          )
          .describe("Every baseline spec the change has a delta spec for."),
        totals: z
          .strictObject({
            added: z.number().int(),
            modified: z.number().int(),
            removed: z.number().int(),
            renamed: z.number().int(),
          })
          .nullable()
          .describe("Requirements added, modified, removed and renamed; null with skip_specs."),
        tasks: z
          .strictObject({ done: z.number().int(), total: z.number().int() })
          .describe("The change's task progress when it was archived."),
        warnings: z.array(z.string()).describe("What the CLI warned about, e.g. a retired spec."),
      }),
      archivePreviewSchema(),
    ]),
  requiresCli: true,
  annotations: writingTool("Archive an OpenSpec change", true),
  presentation: {
    command: ["change", "archive"],
    summary: "archive a finished change: merge its delta specs and move it to the archive",
    arguments: ["change"],
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    fallsShort: (result) => result.dry_run && !result.would_archive,
    render: (result) =>
      result.dry_run
        ? renderArchivePreview(result)
        : [
            { kind: "text", text: `archived ${result.change} to ${result.path}`, tone: "good" },
            {
              kind: "text",
              text: `tasks ${result.tasks.done}/${result.tasks.total} done`,
              tone: "dim",
            },
            {
              kind: "table",
              columns: ["spec", "outcome", "file"],
              rows: result.specs.map((spec) => [spec.id, spec.outcome, spec.path]),
              empty: "(the change has no delta specs)",
            },
            ...(result.totals === null
              ? [
                  {
                    kind: "text" as const,
                    // No totals: the CLI skipped the specs (skip_specs), or had none to merge.
                    text:
                      result.specs.length === 0
                        ? "no spec changed: the change has no delta specs"
                        : "specs left as they were (skip_specs)",
                    tone: "dim" as const,
                  },
                ]
              : [
                  {
                    kind: "text" as const,
                    text: `requirements: +${result.totals.added} ~${result.totals.modified} -${result.totals.removed} →${result.totals.renamed}`,
                  },
                ]),
            ...result.warnings.map(
              (warning): ResultBlock => ({
                kind: "text",
                text: `warning ${warning}`,
                tone: "warning",
              }),
            ),
          ],
  },
  handler: inRepository(async (input, context, repository) => {
    const { checkArchiveWrites, listDeltaSpecIds, listTasks, pathExists, readRepositoryText } =
      await import("@org/openspec-artifacts");
    const { archiveArgs } = await import("@org/openspec-cli-runner");
    const { prepareCliCall, runCliCommand } = await import("./run-cli-tool.js");
    // Reading the tasks also checks the name and that the change's folder stays inside.
    const tasks = listTasks(repository, {
      change: input.change,
      maxBytes: context.maxArtifactBytes,
    });
    if (!tasks.ok) return fromArtifactFailure(tasks);
    const { sequenceView } = await import("../sequence/sequence-view.js");
    const blockedBy = sequenceView(repository, input.change)?.blocked_by ?? [];
    if (input.dry_run === true) {
      if (input.skip_specs === true) {
        return toolFailure(
          "invalid_input",
          "dry_run previews the merge of the delta specs, and skip_specs archives without one, so there is nothing to preview.",
          "Drop {field:skip_specs} to preview what the archive writes to the specs, or drop {field:dry_run} to archive.",
        );
      }
      return previewArchive(repository, {
        change: input.change,
        tasks: { done: tasks.done, total: tasks.total },
        force: input.force === true,
        maxBytes: context.maxArtifactBytes,
        deltaSpecs: await checkDeltaSpecs(repository, input.change),
        blockedBy,
      });
    }
    // Every path the CLI would write or move must stay inside: it follows a spec folder linked out.
    const outside = await checkArchiveWrites(repository, {
      change: input.change,
      skipSpecs: input.skip_specs === true,
      maxBytes: context.maxArtifactBytes,
    });
    if (outside) return fromArtifactFailure(outside);
    const open = tasks.total - tasks.done;
    if (open > 0 && input.force !== true) {
      return toolFailure(
        "tasks_open",
        `${open} of ${tasks.total} tasks of "${input.change}" are not complete, so it is not archived.`,
        "Tick the finished ones with {tool:openspec_task_set_status done=true}, or pass {field:force=true} to archive it anyway.",
      );
    }
    if (blockedBy.length > 0 && input.force !== true) {
      return toolFailure(
        "dependencies_active",
        `${dependenciesActive(input.change, blockedBy)} So it is not archived.`,
        `Archive ${blockedBy.join(", ")} first, or pass {field:force=true} to archive it anyway.`,
        { blocked_by: blockedBy },
      );
    }
    const deltaSpecs = await checkDeltaSpecs(repository, input.change);
    // A folder outside is refused always; a change without delta specs unless the call says so.
    if (
      deltaSpecs !== null &&
      (deltaSpecs.code !== "no_delta_specs" || (input.force !== true && input.skip_specs !== true))
    ) {
      return deltaSpecs;
    }
    const prepared = await prepareCliCall(context, input, { name: input.change, type: "change" });
    if (!prepared.ok) return prepared;
    const ids = await listDeltaSpecIds(join(repository.openspecDir, "changes", input.change));
    const readBaseline = (id: string) =>
      readRepositoryText(join(repository.root, baselinePath(id)), repository, MAX_SPEC_BYTES);
    const before = ids.map((id) => readBaseline(id));
    const run = await runCliCommand(
      context,
      repository,
      archiveArgs({ change: input.change, yes: true, skipSpecs: input.skip_specs === true }),
      {},
      // openspec archive writes the specs and then moves the change: a cancel may
      // keep it from starting, never stop it half-way.
      { cancellable: false },
    );
    // Checked before the run, yet a link swapped in meanwhile would still be written
    // through: say so, also when the CLI failed after writing.
    const external = findExternalSpecWrites(`${textOf(run.stderr)}\n${textOf(run.stdout)}`);
    if (external.length > 0) return externalWriteFailure(external, ids, run);
    if (!run.ok) return run;
    const report = archiveReport().safeParse(run.stdout);
    if (!report.success) {
      return toolFailure(
        "cli_failed",
        "openspec archive succeeded but printed no archive report.",
        "Check the change with {tool:openspec_context}; it may have been archived.",
        { stdout: run.stdout, stderr: run.stderr },
      );
    }
    const { archive } = report.data;
    const path = `openspec/changes/archive/${archive.archivedAs}`;
    const moved =
      isFolder(join(repository.root, path)) &&
      !pathExists(join(repository.openspecDir, "changes", input.change));
    if (!moved) {
      return toolFailure(
        "archive_not_verified",
        `openspec archive reported ${path}, but the disk does not show the change moved there.`,
        "Look at openspec/changes and openspec/changes/archive, and move the change by hand if needed.",
        { stdout: run.stdout, stderr: run.stderr },
      );
    }
    return {
      ...run,
      dry_run: false as const,
      change: input.change,
      archived_as: archive.archivedAs,
      path,
      specs_updated: archive.specsUpdated,
      specs: ids.map((id, index) => ({
        id,
        path: baselinePath(id),
        outcome: outcomeOf(before[index] ?? null, readBaseline(id)),
      })),
      totals: archive.totals ?? null,
      tasks: { done: tasks.done, total: tasks.total },
      warnings: [
        ...(archive.warnings ?? []),
        ...(blockedBy.length > 0
          ? [`${dependenciesActive(input.change, blockedBy)} It was archived first (force).`]
          : []),
      ],
    };
  }),
});

/**
 * The archive went through, but the CLI wrote a main spec outside the
 * repository: never an `ok: true`. Names each file written and the spec id
 * whose folder led there.
 */
function externalWriteFailure(
  writes: ExternalSpecWrite[],
  ids: string[],
  run: RunSuccess | ToolFailure,
) {
  // The run's fields (command, exit code, output, the CLI's diagnostics) stay; its verdict goes.
  const { ok: _ok, code: _code, error: _error, fix: _fix, ...ran } = run as Record<string, unknown>;
  const files = writes.map((write) => {
    const linked = ids.filter((id) => id.split("/").at(-1) === write.capability);
    const where =
      write.folder === null ? "a folder outside the repository" : join(write.folder, "spec.md");
    return linked.length === 0
      ? where
      : `${where} (for ${linked.map((id) => baselinePath(id)).join(", ")})`;
  });
  return toolFailure(
    "external_write",
    `openspec archive wrote outside the repository, to ${files.join(" and ")}, through a spec folder that is a symlink leading out.`,
    "Check that file, replace the symlink under openspec/specs with a real folder, and put the change back with {tool:openspec_change_unarchive} before archiving it again.",
    { ...ran, external_writes: writes },
  );
}

function textOf(output: unknown): string {
  return typeof output === "string" ? output : JSON.stringify(output ?? "");
}

function baselinePath(id: string): string {
  return `openspec/specs/${id}/spec.md`;
}

function outcomeOf(
  before: string | null,
  after: string | null,
): z.output<ReturnType<typeof outcomeSchema>> {
  if (before === after) return "unchanged";
  if (before === null) return "created";
  return after === null ? "removed" : "updated";
}

function isFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
