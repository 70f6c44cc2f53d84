import { join, relative } from "node:path";
import { parseTasks, setTaskMarks } from "@org/openspec-spec-parser";
import { isInsideRoot } from "./contained-path.js";
import { type Failure, failure } from "./failure.js";
import { holdFolderLock } from "./hold-folder-lock.js";
import { tasksOutside } from "./list-tasks.js";
import { locateActiveChangeInTurns } from "./locate-active-change-in-turns.js";
import { lockFailure } from "./lock-failure.js";
import { type FolderHandle, openFolderInside } from "./open-folder-inside.js";
import type { Repository } from "./open-repository.js";
import { readContainedFile } from "./read-contained-text.js";
import { DEFAULT_MAX_ARTIFACT_BYTES } from "./read-regular-file.js";
import { isReported, readFailure } from "./read-warning.js";
import { type ListedTask, withTaskIds } from "./task-ids.js";
import { writeFileAtomic } from "./write-file-atomic.js";

export type TaskStatusInput = {
  change: string;
  /** Task ids as `listTasks` gives them (`1.2`, `#3`), or every task. */
  ids: readonly string[] | "all";
  done: boolean;
  maxBytes?: number;
};

export type TaskStatusUpdate = {
  ok: true;
  change: string;
  path: string;
  /** The ids whose checkbox was flipped. */
  changed: string[];
  /** The ids that were already in the wanted state. */
  unchanged: string[];
  tasks: ListedTask[];
  done: number;
  total: number;
};

/** The lock file in a change folder that every writer of its tasks.md holds. */
export const TASKS_LOCK = ".tasks.md.lock";
/** How often a tasks.md edited by someone else meanwhile is read again before giving up. */
const ATTEMPTS = 5;

/**
 * Ticks or unticks tasks of an active change's tasks.md, changing only their
 * checkboxes. Writers take turns through a lock file in the change folder,
 * and the file is read again just before the atomic replace: when someone
 * changed it meanwhile (an editor), the update is made again on the new text.
 */
export async function setTaskStatus(
  repository: Repository,
  input: TaskStatusInput,
): Promise<TaskStatusUpdate | Failure> {
  const located = await locateActiveChangeInTurns(repository, input.change);
  if ("ok" in located) return located;
  const file = join(located.changeDir, "tasks.md");
  const path = relative(repository.root, file);
  const opened = openFolderInside(repository, located.changeDir, { create: false });
  if (!opened.ok) return opened;
  const folder = opened.handle;
  try {
    const held = await holdFolderLock(folder, TASKS_LOCK, () => {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const outcome = updateOnce(repository, folder, { file, path }, input);
        if (outcome !== "changed_meanwhile") return outcome;
      }
      return failure("write_conflict", `${path} kept changing while it was being updated.`, {
        fix: "Call again once nothing else is editing tasks.md.",
      });
    });
    if (!held.ok) {
      return lockFailure(path, held, "update");
    }
    return held.value;
  } finally {
    folder.close();
  }
}

/** One read, flip and write; `changed_meanwhile` when the file changed under it. */
function updateOnce(
  repo: Repository,
  folder: FolderHandle,
  { file: tasksFile, path: shown }: { file: string; path: string },
  wanted: TaskStatusInput,
): TaskStatusUpdate | Failure | "changed_meanwhile" {
  const before = readTasksText(repo, tasksFile, shown, wanted);
  if (typeof before !== "string") return before;
  const tasks = withTaskIds(parseTasks(before).tasks);
  const picked = pickTasks(tasks, wanted.ids, shown);
  if (!Array.isArray(picked)) return picked;
  const flipping = picked.filter((task) => task.done !== wanted.done);
  const after = setTaskMarks(
    before,
    flipping.map((task) => task.line),
    wanted.done,
  );
  if (after !== before) {
    // Someone else (an editor) may have written since the read: then start over.
    if (readTasksText(repo, tasksFile, shown, wanted) !== before) return "changed_meanwhile";
    const written = writeFileAtomic(folder, "tasks.md", after, { overwrite: true }, (real) =>
      isInsideRoot(repo, real),
    );
    if (!written.ok) return failure("write_failed", written.error);
  }
  const parsed = parseTasks(after);
  const flipped = new Set(flipping.map((task) => task.id));
  return {
    ok: true,
    change: wanted.change,
    path: shown,
    changed: picked.filter((task) => flipped.has(task.id)).map((task) => task.id),
    unchanged: picked.filter((task) => !flipped.has(task.id)).map((task) => task.id),
    tasks: withTaskIds(parsed.tasks),
    done: parsed.completed,
    total: parsed.total,
  };
}

/** The whole text of tasks.md, or why it cannot be updated. */
function readTasksText(
  repository: Repository,
  file: string,
  path: string,
  input: TaskStatusInput,
): string | Failure {
  const maxBytes = input.maxBytes ?? DEFAULT_MAX_ARTIFACT_BYTES;
  const read = readContainedFile(repository, file, maxBytes);
  if (read.ok) {
    if (!read.truncated) return read.text;
    return failure(
      "file_too_large",
      `${path} is ${read.size} bytes, more than the ${maxBytes} read.`,
      {
        fix: "Raise OPENSPEC_AGENT_MAX_ARTIFACT_BYTES, or tick the tasks in an editor.",
      },
    );
  }
  if (isReported(read.code)) return readFailure(repository, file, read.code);
  if (read.code === "outside_repository") return tasksOutside(path);
  return failure("task_not_found", `The change "${input.change}" has no tasks.md yet.`, {
    fix: "Write its tasks first ({tool:openspec_change_create} with {field:openspec_change_create.tasks}, or {tool:openspec_instructions artifact=tasks}).",
  });
}

/** The tasks `ids` name, or a failure that lists the ids there are. */
function pickTasks(
  tasks: readonly ListedTask[],
  ids: readonly string[] | "all",
  path: string,
): ListedTask[] | Failure {
  if (ids === "all") return [...tasks];
  const byId = new Map(tasks.map((task, index) => [task.id, { task, index }]));
  const picked: ListedTask[] = [];
  const unknown: string[] = [];
  for (const id of ids) {
    const position = /^#(\d+)$/.exec(id);
    const found = byId.get(id)?.task ?? (position ? tasks[Number(position[1]) - 1] : undefined);
    if (found === undefined) unknown.push(id);
    else if (!picked.includes(found)) picked.push(found);
  }
  if (unknown.length > 0) {
    const known = tasks.map((task) => task.id);
    const shown = known.length > 40 ? [...known.slice(0, 40), "…"] : known;
    return failure(
      "task_not_found",
      `${path} has no task ${unknown.map((id) => `"${id}"`).join(", ")}; nothing was changed.`,
      {
        fix:
          known.length === 0
            ? "The file has no checkbox tasks (- [ ] ...)."
            : `Use ids it has: ${shown.join(", ")}.`,
      },
    );
  }
  return picked;
}
