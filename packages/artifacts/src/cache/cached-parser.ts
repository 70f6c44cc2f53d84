import type { Repository } from "../open-repository.js";
import { readContainedText } from "../read-contained-text.js";
import { createStatKeyedCache } from "./stat-keyed-cache.js";
import { statOrNull } from "./stat-or-null.js";

/** Reads a file of the repository and parses it; null when it is missing or leads out of the repository. */
export type CachedParser<T> = (repository: Repository, path: string) => T | null;

/**
 * `parse` over files, parsed again only when a file changed: its device,
 * inode, size, mtime or ctime differ, or the last reading was racy.
 * Containment in the repository is checked on every reading, that is whenever
 * the file changed. Callers must not change what they get back.
 */
export function cachedParser<T>(parse: (text: string) => T, maxEntries: number): CachedParser<T> {
  const cache = createStatKeyedCache<T>(maxEntries);
  return (repository, path) => {
    const stats = statOrNull(path);
    if (stats === null || !stats.isFile()) return null;
    const cached = cache.get(path, stats);
    if (cached !== undefined) return cached;
    const observedAt = Date.now();
    const text = readContainedText(repository, path);
    if (text === null) return null;
    const value = parse(text);
    cache.set(path, stats, observedAt, value);
    return value;
  };
}
