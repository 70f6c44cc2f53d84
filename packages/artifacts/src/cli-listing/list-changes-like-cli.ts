import { type Dirent, statSync } from "node:fs";
import { dirname } from "node:path";
import { parseTasks } from "@org/openspec-spec-parser/parse-tasks";
import { DEFAULT_MAX_ARTIFACT_BYTES, readRegularFile } from "../read-regular-file.js";
import type { NameOrder } from "./cli-name-order.js";
import { describeNestedChange, findNestedChanges } from "./find-nested-changes.js";
import { byteOrder, readFolderEntries } from "./read-folder-entries.js";
import { type NeedsCli, readFolderTree, type TreeBudget } from "./read-folder-tree.js";
import { sortInTurns } from "./sort-in-turns.js";
import { changeUsesBuiltinSchema, projectSchemasCountingTasksMd } from "./uses-builtin-schema.js";
import { yieldEvery } from "./yield-every.js";

/** One entry of `openspec list --json`, keys in the CLI's order. */
export type ListedChange = {
  name: string;
  completedTasks: number;
  totalTasks: number;
  lastModified: string;
  status: "no-tasks" | "complete" | "in-progress";
  nested?: string[];
};

export type ListedChanges = {
  changes: ListedChange[];
  warnings?: { code: "nested_change_directory"; name: string; nested: string[]; message: string }[];
};

/** Files and folders one listing reads at most, across all changes. */
const MAX_ENTRIES = 2_000_000;
const MAX_DEPTH = 32;
/** Entries read between two turns of the event loop: a few hundred short calls, well under a millisecond each. */
const ENTRIES_PER_TURN = 256;

/**
 * The active changes under `changesDir` as `openspec list --json` reports
 * them: every folder but `archive` (dot-named ones too), with the task counts
 * of its `tasks.md`, the newest file time below it, its status, and the
 * folders that wrap nested changes; sorted by `recent` (newest first, ties in
 * folder order) or by name (the CLI's `localeCompare`). Whatever the reader does not
 * cover comes back as the reason to ask the CLI.
 */
export async function listChangesLikeCli(
  changesDir: string,
  sort: "recent" | NameOrder,
): Promise<ListedChanges | NeedsCli> {
  let read: Dirent[] | "too_many";
  try {
    read = await readFolderEntries(changesDir, MAX_ENTRIES);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { changes: [] };
    return { needsCli: "openspec/changes/ could not be read" };
  }
  if (read === "too_many") return { needsCli: "the changes hold too many files to read here" };
  // In the order the CLI's readdirSync gives them: ties of the sorts below keep it.
  const entries = await sortInTurns(
    read.filter((entry) => entry.isDirectory() && entry.name !== "archive"),
    (a, b) => byteOrder(a.name, b.name),
  );
  const pause = yieldEvery(ENTRIES_PER_TURN);
  const budget: TreeBudget = { entriesLeft: MAX_ENTRIES, maxDepth: MAX_DEPTH, pause };
  const countsTasksMd = projectSchemasCountingTasksMd(dirname(changesDir));
  const listed: (ListedChange & { time: number })[] = [];
  const warnings: NonNullable<ListedChanges["warnings"]> = [];
  for (const entry of entries) {
    const turn = pause();
    if (turn !== undefined) await turn;
    const dir = `${changesDir}/${entry.name}`;
    const change = await readChange(dir, entry.name, budget, countsTasksMd);
    if ("needsCli" in change) return change;
    if (change.nested !== undefined) {
      warnings.push({
        code: "nested_change_directory",
        name: entry.name,
        nested: change.nested,
        message: describeNestedChange(entry.name, change.nested),
      });
    }
    listed.push(change);
  }
  // Sorted a few thousand at a time: one sort of 100,000 changes would hold other callers.
  if (sort === "recent") await sortInTurns(listed, (a, b) => b.time - a.time);
  else await sortInTurns(listed, (a, b) => sort(a.name, b.name));
  const changes = listed.map(({ time: _time, ...change }) => change);
  return warnings.length > 0 ? { changes, warnings } : { changes };
}

async function readChange(
  dir: string,
  name: string,
  budget: TreeBudget,
  countsTasksMd: (schema: unknown) => boolean,
): Promise<(ListedChange & { time: number }) | NeedsCli> {
  const tree = await readFolderTree(dir, budget);
  if ("needsCli" in tree) return tree;
  const has = (file: string) => tree.entries.find((entry) => entry.name === file);
  if (has(".openspec.yaml") !== undefined) {
    const other = changeUsesBuiltinSchema(
      `${dir}/.openspec.yaml`,
      `openspec/changes/${name}/.openspec.yaml`,
      countsTasksMd,
    );
    if (other !== null) return other;
  }
  const tasks = has("tasks.md")?.isFile() ? countTasks(`${dir}/tasks.md`) : { total: 0, done: 0 };
  if ("needsCli" in tasks) return tasks;
  let time = tree.newestFileMs;
  if (time < 0) {
    try {
      time = statSync(dir).mtime.getTime();
    } catch {
      return { needsCli: `${dir} could not be read` };
    }
  }
  const nested = findNestedChanges(name, tree);
  return {
    name,
    completedTasks: tasks.done,
    totalTasks: tasks.total,
    lastModified: new Date(time).toISOString(),
    status:
      tasks.total === 0 ? "no-tasks" : tasks.done === tasks.total ? "complete" : "in-progress",
    ...(nested === undefined ? {} : { nested }),
    time,
  };
}

/** The checkboxes of a `tasks.md` as the CLI counts them; one it cannot open counts none, as for the CLI. */
function countTasks(file: string): { total: number; done: number } | NeedsCli {
  const read = readRegularFile(file, DEFAULT_MAX_ARTIFACT_BYTES);
  if (!read.ok) {
    return read.code === "unsupported_encoding"
      ? { needsCli: `${file} is not UTF-8 text` }
      : { total: 0, done: 0 };
  }
  if (read.truncated) return { needsCli: `${file} is larger than the reader's cap` };
  const parsed = parseTasks(read.text);
  return { total: parsed.total, done: parsed.completed };
}
