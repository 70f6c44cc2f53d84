import type { Dirent } from "node:fs";
import { readFolderEntries } from "../cli-listing/read-folder-entries.js";
import { createStatKeyedCache } from "./stat-keyed-cache.js";
import { statOrNull } from "./stat-or-null.js";

/** Folders whose entries are kept: a listing of 10,000 changes walks about 30,000. */
const MAX_FOLDERS = 50_000;
const kept = createStatKeyedCache<Dirent[]>(MAX_FOLDERS);

/**
 * `readFolderEntries`, kept while the folder is unchanged: adding, removing
 * or renaming an entry moves the folder's mtime and ctime, so a folder whose
 * stat is as it was costs that one stat, where opening it costs several
 * times a whole `readdirSync` (Node builds a `Dir` per folder). A native
 * listing walks every folder of every change on each call, so a repository
 * listed again reads only what changed. A reading made within a timestamp
 * tick of a change is not kept (see `observe`). Callers must not change
 * what they get back.
 */
export async function readFolderEntriesCached(
  folder: string,
  limit: number,
): Promise<Dirent[] | "too_many"> {
  const stats = statOrNull(folder);
  const cached = stats === null ? undefined : kept.get(folder, stats);
  if (cached !== undefined) return cached.length > limit ? "too_many" : cached;
  const observedAt = Date.now();
  const entries = await readFolderEntries(folder, limit);
  if (stats?.isDirectory() && entries !== "too_many") {
    kept.set(folder, stats, observedAt, entries);
  }
  return entries;
}
