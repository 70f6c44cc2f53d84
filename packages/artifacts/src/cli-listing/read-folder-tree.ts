import { type Dirent, lstatSync, readdirSync } from "node:fs";

/** A folder as one listing saw it: its entries by name (in the order `readdir` gave them) and its sub-folders. */
export type FolderTree = {
  entries: Dirent[];
  folders: Map<string, FolderTree>;
  /** The newest modification time (ms) of a file anywhere below, or -1 when there is none. */
  newestFileMs: number;
};

/** What one listing may cost: entries read across every folder, and how deep a folder may sit. */
export type TreeBudget = { entriesLeft: number; maxDepth: number };

/** Why the reader gives up and leaves the answer to the CLI, in one sentence. */
export type NeedsCli = { needsCli: string };

/**
 * Reads a folder and everything below it without following a link: the walk
 * `openspec list` makes to date a change (the newest file time), plus the
 * entries the nested-change check looks at. A link, a folder that may not be
 * read, or a tree past the budget is left to the CLI, which follows links
 * and fails where this stops; so nothing outside the repository is looked at
 * and no repository can make the walk unbounded.
 */
export function readFolderTree(
  folder: string,
  budget: TreeBudget,
  depth = 0,
): FolderTree | NeedsCli {
  if (depth > budget.maxDepth) return { needsCli: `${folder} is nested too deeply to read here` };
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return { needsCli: `${folder} could not be read` };
  }
  budget.entriesLeft -= entries.length;
  if (budget.entriesLeft < 0) return { needsCli: "the changes hold too many files to read here" };
  const folders = new Map<string, FolderTree>();
  let newestFileMs = -1;
  for (const entry of entries) {
    // Names from a listing hold no separator, so concatenation is the joined path.
    const path = `${folder}/${entry.name}`;
    if (entry.isSymbolicLink()) return { needsCli: `${path} is a symbolic link` };
    if (entry.isDirectory()) {
      const below = readFolderTree(path, budget, depth + 1);
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
