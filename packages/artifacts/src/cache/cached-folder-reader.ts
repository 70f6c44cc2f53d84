import { type Dirent, readdirSync } from "node:fs";
import { createStatKeyedCache } from "./stat-keyed-cache.js";
import { statOrNull } from "./stat-or-null.js";

/** What `derive` made of a folder's entries; of no entries when the folder is missing or unreadable. */
export type CachedFolderReader<T> = (folder: string) => T;

/**
 * `derive` over folder listings (`readdirSync` with file types), derived again
 * only when a folder changed: adding, removing or renaming an entry moves the
 * folder's mtime and ctime. An unchanged folder costs one stat. Callers must
 * not change what they get back.
 */
export function cachedFolderReader<T>(
  derive: (folder: string, entries: Dirent[]) => T,
  maxEntries: number,
): CachedFolderReader<T> {
  const cache = createStatKeyedCache<T>(maxEntries);
  return (folder) => {
    const stats = statOrNull(folder);
    if (stats === null || !stats.isDirectory()) return derive(folder, []);
    const cached = cache.get(folder, stats);
    if (cached !== undefined) return cached;
    const observedAt = Date.now();
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      return derive(folder, []);
    }
    const value = derive(folder, entries);
    cache.set(folder, stats, observedAt, value);
    return value;
  };
}
