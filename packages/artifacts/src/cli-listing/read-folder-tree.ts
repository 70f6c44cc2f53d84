import { type Dirent, lstatSync } from "node:fs";
import { readFolderEntriesCached } from "../cache/cached-folder-entries.js";

/** A folder as one listing saw it: its entries by name (in the kernel's order) and its sub-folders. */
export type FolderTree = {
  entries: Dirent[];
  folders: Map<string, FolderTree>;
  /** The newest modification time (ms) of a file anywhere below, or -1 when there is none. */
  newestFileMs: number;
};

/**
 * What one listing may cost: entries read across every folder, and how deep a
 * folder may sit; `pause` is called once per entry and gives the event loop a
 * turn every so many (`yieldEvery`), shared by the whole listing.
 */
export type TreeBudget = {
  entriesLeft: number;
  maxDepth: number;
  pause: () => Promise<void> | undefined;
};

/**
 * Why the reader gives up and leaves the answer to the CLI, in one sentence;
 * with `refusal` when the CLI must not be asked either (it would wait on a
 * FIFO the repository put in place of a file): the caller answers that.
 */
export type NeedsCli = {
  needsCli: string;
  refusal?: { code: "not_a_regular_file"; error: string; fix: string; path: string };
};

/**
 * Reads a folder and everything below it without following a link: the walk
 * `openspec list` makes to date a change (the newest file time), plus the
 * entries the nested-change check looks at. A link, a folder that may not be
 * read, or a tree past the budget is left to the CLI, which follows links
 * and fails where this stops; so nothing outside the repository is looked at
 * and no repository can make the walk unbounded. Folders are read in batches
 * (`readFolderEntries`; a folder unchanged since the last listing costs one
 * stat, `readFolderEntriesCached`) and the event loop gets a turn every few
 * hundred entries, and only then: nothing is awaited per entry, so one
 * folder of 300,000 files costs its caller time, never the server's other
 * callers, and 10,000 small changes cost what synchronous reads cost; each
 * `lstat` is one short call on a file already listed (never an open, so a
 * FIFO cannot block it).
 */
export async function readFolderTree(
  folder: string,
  budget: TreeBudget,
  depth = 0,
): Promise<FolderTree | NeedsCli> {
  if (depth > budget.maxDepth) return { needsCli: `${folder} is nested too deeply to read here` };
  let entries: Dirent[] | "too_many";
  try {
    entries = await readFolderEntriesCached(folder, Math.max(budget.entriesLeft, 0));
  } catch {
    return { needsCli: `${folder} could not be read` };
  }
  if (entries === "too_many") return { needsCli: "the changes hold too many files to read here" };
  budget.entriesLeft -= entries.length;
  const folders = new Map<string, FolderTree>();
  let newestFileMs = -1;
  for (const entry of entries) {
    const turn = budget.pause();
    if (turn !== undefined) await turn;
    // Names from a listing hold no separator, so concatenation is the joined path.
    const path = `${folder}/${entry.name}`;
    if (entry.isSymbolicLink()) return { needsCli: `${path} is a symbolic link` };
    if (entry.isDirectory()) {
      const below = await readFolderTree(path, budget, depth + 1);
      if ("needsCli" in below) return below;
      folders.set(entry.name, below);
      newestFileMs = Math.max(newestFileMs, below.newestFileMs);
      continue;
    }
    try {
      // `.mtime` as the CLI reads it (a Date of whole milliseconds), not `mtimeMs`.
      newestFileMs = Math.max(newestFileMs, lstatSync(path).mtime.getTime());
    } catch (error) {
      // Gone since the listing: the CLI skips it too.
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      return { needsCli: `${path} could not be read` };
    }
  }
  return { entries, folders, newestFileMs };
}
