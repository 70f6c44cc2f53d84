import { join, relative } from "node:path";
import { parseTasks } from "@org/openspec-spec-parser";
import { cachedParser } from "./cache/cached-parser.js";
import type { Repository } from "./open-repository.js";
import { readContainedText } from "./read-contained-text.js";
import type { ChangeFolder } from "./scan-changes.js";
import { scanSpecs } from "./scan-specs.js";

/** Task progress from a change's `tasks.md`. */
export type TaskProgress = { completed: number; total: number };

/** Everything an agent needs to work on one change. */
export type ChangeContent = {
  name: string;
  token: string;
  archived: boolean;
  /** The folder has `.openspec.yaml` but no `proposal.md` yet (`openspec new change`); `proposal` is null. */
  scaffolded: boolean;
  /** The change folder relative to the repository root. */
  path: string;
  proposal: string | null;
  tasks: string | null;
  design: string | null;
  task_progress: TaskProgress | null;
  /** Each delta spec file, its path relative to the change folder. */
  specs: { path: string; content: string }[];
};

/** The change's files; `token` is the one its repository hands out for it. */
export function readChange(
  repository: Repository,
  change: ChangeFolder,
  token: string,
): ChangeContent {
  const tasks = readContainedText(repository, join(change.dir, "tasks.md"));
  const deltaSpecs = scanSpecs(repository, join(change.dir, "specs")).flatMap((spec) => {
    const content = readContainedText(repository, spec.file);
    return content === null ? [] : [{ path: `specs/${spec.path}`, content }];
  });
  return {
    name: change.name,
    token,
    archived: change.archived,
    scaffolded: change.scaffolded,
    path: relative(repository.root, change.dir),
    proposal: readContainedText(repository, join(change.dir, "proposal.md")),
    tasks,
    design: readContainedText(repository, join(change.dir, "design.md")),
    task_progress: tasks === null ? null : taskProgress(tasks),
    specs: deltaSpecs,
  };
}

function taskProgress(markdown: string): TaskProgress {
  const list = parseTasks(markdown);
  return { completed: list.completed, total: list.total };
}

const cachedTaskProgress = cachedParser(taskProgress, 50_000);

/** Progress of a `tasks.md`, or null when the change has none; parsed again only when the file changed. */
export function readTaskProgress(
  repository: Repository,
  change: ChangeFolder,
): TaskProgress | null {
  const progress = cachedTaskProgress(repository, join(change.dir, "tasks.md"));
  return progress === null ? null : { ...progress };
}
