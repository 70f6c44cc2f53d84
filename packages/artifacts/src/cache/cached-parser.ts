import type { Repository } from "../open-repository.js";
import { readContainedFile } from "../read-contained-text.js";
import { DEFAULT_MAX_ARTIFACT_BYTES, type FileReadFailure } from "../read-regular-file.js";
import { createStatKeyedCache } from "./stat-keyed-cache.js";
import { statOrCode } from "./stat-or-null.js";

/** A file parsed, with its size and whether only its first `maxBytes` were read; or why it was not. */
export type ParsedFile<T> =
  | { ok: true; value: T; size: number; truncated: boolean }
  | FileReadFailure;

/** Reads a file of the repository (at most `maxBytes` of it) and parses it. */
export type CachedParser<T> = (
  repository: Repository,
  path: string,
  maxBytes?: number,
) => ParsedFile<T>;

/**
 * `parse` over files, parsed again only when a file changed: its device,
 * inode, size, mtime or ctime differ, or the last reading was racy.
 * Containment in the repository is checked on every reading, that is whenever
 * the file changed; anything but a regular file is refused before it is
 * opened. Callers must not change what they get back.
 */
export function cachedParser<T>(parse: (text: string) => T, maxEntries: number): CachedParser<T> {
  const cache = createStatKeyedCache<{ value: T; size: number; truncated: boolean }>(maxEntries);
  return (repository, path, maxBytes = DEFAULT_MAX_ARTIFACT_BYTES) => {
    const stats = statOrCode(path);
    if (typeof stats === "string") return { ok: false, code: stats };
    if (!stats.isFile()) return { ok: false, code: "not_a_regular_file" };
    // The same file read under another cap is another reading.
    const key = `${maxBytes}:${path}`;
    const cached = cache.get(key, stats);
    if (cached !== undefined) return { ok: true, ...cached };
    const observedAt = Date.now();
    const read = readContainedFile(repository, path, maxBytes);
    if (!read.ok) return read;
    const reading = { value: parse(read.text), size: read.size, truncated: read.truncated };
    cache.set(key, stats, observedAt, reading);
    return { ok: true, ...reading };
  };
}
