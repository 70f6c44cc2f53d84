import { join, relative } from "node:path";
import { parseTasks } from "@org/openspec-spec-parser";
import { type Failure, failure } from "./failure.js";
import { locateActiveChange } from "./locate-active-change.js";
import type { Repository } from "./open-repository.js";
import { readContainedFile } from "./read-contained-text.js";
import { DEFAULT_MAX_ARTIFACT_BYTES } from "./read-regular-file.js";
import { isReported, readFailure } from "./read-warning.js";
import { type ListedTask, withTaskIds } from "./task-ids.js";

export type TaskListing = {
  ok: true;
  change: string;
  /** tasks.md relative to the repository root. */
  path: string;
  /** Whether the change has a tasks.md yet. */
  exists: boolean;
  tasks: ListedTask[];
  /** How many are done; equal to the CLI's `completedTasks`. */
  done: number;
  /** How many there are; equal to the CLI's `totalTasks`. */
  total: number;
  /** Present when tasks.md is larger than the cap: only its first part was read. */
  truncated?: true;
  size?: number;
};

/** The tasks of an active change's tasks.md, each with an id to tick it by. */
export function listTasks(
  repository: Repository,
  options: { change: string; maxBytes?: number },
): TaskListing | Failure {
  const located = locateActiveChange(repository, options.change);
  if ("ok" in located) return located;
  const file = join(located.changeDir, "tasks.md");
  const path = relative(repository.root, file);
  const read = readContainedFile(repository, file, options.maxBytes ?? DEFAULT_MAX_ARTIFACT_BYTES);
  if (!read.ok) {
    if (isReported(read.code)) return readFailure(repository, file, read.code);
    if (read.code === "outside_repository") return tasksOutside(path);
    return { ok: true, change: options.change, path, exists: false, tasks: [], done: 0, total: 0 };
  }
  const parsed = parseTasks(read.text);
  return {
    ok: true,
    change: options.change,
    path,
    exists: true,
    tasks: withTaskIds(parsed.tasks),
    done: parsed.completed,
    total: parsed.total,
    ...(read.truncated ? { truncated: true as const, size: read.size } : {}),
  };
}

/** The failure for a tasks.md that is a symlink leading out of the repository. */
export function tasksOutside(path: string): Failure {
  return failure(
    "path_outside_repository",
    `${path} is a symlink that leads outside the repository.`,
    {
      fix: "Replace the symlink with the tasks.md file itself.",
    },
  );
}
