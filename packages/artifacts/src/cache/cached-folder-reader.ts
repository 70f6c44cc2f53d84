import { type Dirent, readdirSync, type Stats } from "node:fs";
import { codeOfError } from "../read-regular-file.js";
import { createStatKeyedCache } from "./stat-keyed-cache.js";
import { statOrNull } from "./stat-or-null.js";

/** What `derive` made of a folder's entries; of no entries when the folder is missing or unreadable. */
export type CachedFolderReader<T> = (folder: string) => T;

/** The folder's stats (null when it is missing or no folder) and whether listing it was refused. */
export type FolderListing = { stats: Stats | null; unreadable: boolean };

/**
 * `derive` over folder listings (`readdirSync` with file types), derived again
 * only when a folder changed: adding, removing or renaming an entry moves the
 * folder's mtime and ctime. An unchanged folder costs one stat. Callers must
 * not change what they get back.
 */
export function cachedFolderReader<T>(
  derive: (folder: string, entries: Dirent[], listing: FolderListing) => T,
  maxEntries: number,
): CachedFolderReader<T> {
  const cache = createStatKeyedCache<T>(maxEntries);
  return (folder) => {
    const stats = statOrNull(folder);
    if (stats === null || !stats.isDirectory()) {
      return derive(folder, [], { stats: null, unreadable: false });
    }
    const cached = cache.get(folder, stats);
    if (cached !== undefined) return cached;
    const observedAt = Date.now();
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch (error) {
      // Not cached: a folder made readable again must be listed on the next call.
      return derive(folder, [], { stats, unreadable: codeOfError(error) === "unreadable" });
    }
    const value = derive(folder, entries, { stats, unreadable: false });
    cache.set(folder, stats, observedAt, value);
    return value;
  };
}
