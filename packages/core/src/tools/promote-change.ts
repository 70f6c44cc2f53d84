import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Repository } from "@org/openspec-artifacts";
import type { CatalogContext } from "../catalog-context.js";
import { archivedChangeNames } from "../sequence/archived-change-names.js";
import { notActiveChange } from "../sequence/not-active-change.js";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import { checkDeltaSpecs } from "./check-delta-specs.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { taskProgressSummary } from "./task-progress-summary.js";
import type { Validation } from "./validate-change.js";

export type PromoteRequest = {
  change: string;
  /** Task lines the author gave, written as tasks.md under one section; null to keep what is there. */
  tasks: string[] | null;
  /** Replace an existing tasks.md with `tasks`. */
  force: boolean;
};

/** One thing the change lacks, and what the author writes to add it. */
type Missing = { artifact: string; fix: string };

/**
 * Takes a draft change to ready to implement: a proposal, a task checklist
 * with at least one task and a delta spec (or `skip_specs`), all passing
 * `openspec validate --strict`. It writes only what the author handed over
 * (`tasks`); whatever else is missing is named with what to write, never
 * filled with placeholder text, since a placeholder requirement validates and
 * is then merged into the baseline specs by the archive. When validation
 * fails, what this call wrote is taken back, so a refused call changes nothing.
 */
export async function promoteChange(
  context: CatalogContext,
  repository: Repository,
  request: PromoteRequest,
) {
  const {
    listActiveChangeFolders,
    listDeltaSpecIds,
    readActiveChangeFoldersAhead,
    listTasks,
    readRepositoryText,
    writeChangeArtifact,
  } = await import("@org/openspec-artifacts");
  const { stringifyTasks } = await import("@org/openspec-spec-parser");
  const { validateChange } = await import("./validate-change.js");
  await readActiveChangeFoldersAhead(repository);
  const active = new Set(listActiveChangeFolders(repository));
  // The archive is read only to word a refusal.
  const notActive = active.has(request.change)
    ? null
    : notActiveChange(repository, active, await archivedChangeNames(repository), request.change);
  if (notActive) return notActive;
  const tasks = listTasks(repository, {
    change: request.change,
    maxBytes: context.maxArtifactBytes,
  });
  if (!tasks.ok) return fromArtifactFailure(tasks);
  const changeDir = join(repository.openspecDir, "changes", request.change);
  const missing: Missing[] = [];
  if (
    readRepositoryText(join(changeDir, "proposal.md"), repository, context.maxArtifactBytes) ===
    null
  ) {
    missing.push({
      artifact: "proposal.md",
      fix: "write proposal.md (Why, What Changes) with {tool:openspec_change_write artifact=proposal}",
    });
  }
  const tasksGiven = request.tasks !== null && request.tasks.length > 0;
  if (tasksGiven && tasks.exists && !request.force) {
    return toolFailure(
      "artifact_exists",
      `${tasks.path} already exists (${tasks.total} tasks) and was left unchanged.`,
      "Leave tasks out to keep it, or pass {field:force=true} to replace it with tasks.",
    );
  }
  if (!tasksGiven && tasks.total === 0) {
    missing.push({
      artifact: "tasks.md",
      fix: "pass tasks (sections of one-line steps) to this call, or write tasks.md with {tool:openspec_change_write artifact=tasks}",
    });
  }
  const deltaSpecs = await checkDeltaSpecs(repository, request.change);
  if (deltaSpecs !== null && deltaSpecs.code !== "no_delta_specs") return deltaSpecs;
  if (deltaSpecs !== null) {
    missing.push({
      artifact: "specs/<capability>/spec.md",
      fix: "write a delta spec with the requirements the change adds or modifies with {tool:openspec_spec_create change=...}, or set `skip_specs` to true in its .openspec.yaml if it changes no behaviour",
    });
  }
  if (missing.length > 0) {
    return toolFailure(
      "change_incomplete",
      `"${request.change}" is not ready to implement: it lacks ${missing.map((item) => item.artifact).join(", ")}.`,
      `${capitalize(missing.map((item) => item.fix).join("; "))}; then promote it again.`,
      { missing: missing.map((item) => item.artifact) },
    );
  }
  const added: string[] = [];
  const previous =
    tasksGiven && tasks.exists
      ? readRepositoryText(join(repository.root, tasks.path), repository, context.maxArtifactBytes)
      : null;
  if (tasksGiven) {
    const written = await writeChangeArtifact(repository, {
      change: request.change,
      artifact: "tasks",
      content: stringifyTasks({ sections: [{ title: "Tasks", items: request.tasks ?? [] }] }),
      force: request.force,
      maxBytes: context.maxArtifactBytes,
    });
    if (!written.ok) return fromArtifactFailure(written);
    added.push(written.path);
  }
  const { validation, note } = await validateChange(context, repository, request.change);
  if (validation === null || !validation.valid) {
    if (tasksGiven)
      await takeBack(repository, request.change, join(repository.root, tasks.path), previous);
    return notValid(request.change, validation, note);
  }
  const after = listTasks(repository, {
    change: request.change,
    maxBytes: context.maxArtifactBytes,
  });
  if (!after.ok) return fromArtifactFailure(after);
  return {
    ok: true as const,
    change: request.change,
    added,
    tasks_path: after.path,
    done: after.done,
    total: after.total,
    ...taskProgressSummary(after.done, after.total),
    delta_specs: await listDeltaSpecIds(changeDir),
    validation,
  };
}

/** Puts tasks.md back as it was before this call: removed when it was new, else its old text. */
async function takeBack(
  repository: Repository,
  change: string,
  file: string,
  previous: string | null,
): Promise<void> {
  const { writeChangeArtifact } = await import("@org/openspec-artifacts");
  if (previous === null) {
    rmSync(file, { force: true });
    return;
  }
  await writeChangeArtifact(repository, {
    change,
    artifact: "tasks",
    content: previous,
    force: true,
  });
}

function notValid(
  change: string,
  validation: Validation | null,
  note: string | undefined,
): ToolFailure {
  if (validation === null) {
    return toolFailure(
      "cli_failed",
      `"${change}" could not be validated, so it was not promoted.`,
      note ?? "Check the OpenSpec CLI with `{openspec} --version`, then call again.",
    );
  }
  return toolFailure(
    "validation_failed",
    `"${change}" does not pass openspec validate --strict, so it was not promoted and nothing was written.`,
    "Fix the issues listed, then promote it again.",
    { validation },
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
