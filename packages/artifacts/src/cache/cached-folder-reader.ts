import { type Dirent, readdirSync, type Stats } from "node:fs";
import { byteOrder, readFolderEntries } from "../cli-listing/read-folder-entries.js";
import { sortInTurns } from "../cli-listing/sort-in-turns.js";
import { codeOfError } from "../read-regular-file.js";
import { observe } from "./file-signature.js";
import { createStatKeyedCache } from "./stat-keyed-cache.js";
import { statOrNull } from "./stat-or-null.js";

/**
 * What `derive` made of a folder's entries; of no entries when the folder is
 * missing or unreadable. `readAhead` lists the folder without holding the
 * event loop, so the next synchronous call finds it read.
 */
export type CachedFolderReader<T> = ((folder: string) => T) & {
  readAhead: (folder: string) => Promise<T>;
};

/** The folder's stats (null when it is missing or no folder) and whether listing it was refused. */
export type FolderListing = { stats: Stats | null; unreadable: boolean };

/**
 * Readings taken ahead that the cache may not keep (the folder changed within
 * a tick of them) are answered for this long while the folder's stats are
 * unchanged: as a read made that long ago would answer.
 */
const FRESH_FOR_MS = 1000;
const MAX_FRESH_READINGS = 64;

/**
 * `derive` over folder listings (`readdirSync` with file types), derived again
 * only when a folder changed: adding, removing or renaming an entry moves the
 * folder's mtime and ctime. An unchanged folder costs one stat. Callers must
 * not change what they get back.
 *
 * `readAhead(folder)` checks the folder with one synchronous stat, as the
 * synchronous read does, and returns what is kept while it is unchanged; else
 * it reads the same listing asynchronously, in batches
 * (`readFolderEntries`, a turn of the event loop between batches), sorted as
 * `readdirSync` sorts (`byteOrder`, a turn of the event loop every few
 * thousand names: `sortInTurns`), and keeps it: a server awaits it before
 * its synchronous reads, so even the first read of a folder of 200,000
 * entries never holds its other callers. A reading too fresh to cache (the
 * folder changed within a timestamp tick) is still answered to synchronous
 * calls for a second, while the folder's stats are unchanged.
 */
export function cachedFolderReader<T>(
  derive: (folder: string, entries: Dirent[], listing: FolderListing) => T,
  maxEntries: number,
  /**
   * `derive` with turns of the event loop in it, for `readAhead`: the same
   * value, for a derivation that costs a tenth of a second at 100,000 entries.
   */
  deriveInTurns: (folder: string, entries: Dirent[], listing: FolderListing) => Promise<T> = async (
    ...args
  ) => derive(...args),
): CachedFolderReader<T> {
  const cache = createStatKeyedCache<T>(maxEntries);
  const fresh = new Map<string, { stats: Stats; observedAt: number; value: T }>();
  const takeFresh = (folder: string, stats: Stats): T | undefined => {
    const reading = fresh.get(folder);
    if (reading === undefined) return undefined;
    if (sameFolder(reading.stats, stats) && Date.now() - reading.observedAt < FRESH_FOR_MS) {
      return reading.value;
    }
    fresh.delete(folder);
    return undefined;
  };
  const read = (folder: string): T => {
    const stats = statOrNull(folder);
    if (stats === null || !stats.isDirectory()) {
      return derive(folder, [], { stats: null, unreadable: false });
    }
    const cached = cache.get(folder, stats) ?? takeFresh(folder, stats);
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
  const readAhead = async (folder: string): Promise<T> => {
    // One stat, taken as the synchronous read that follows takes it: a folder
    // already read costs no trip through the thread pool, so walking 5,000
    // unchanged spec folders ahead costs what the synchronous walk costs, not
    // 5,000 turns of the event loop. Only the listing is read asynchronously.
    const stats = statOrNull(folder);
    if (stats === null || !stats.isDirectory()) {
      return derive(folder, [], { stats: null, unreadable: false });
    }
    const cached = cache.get(folder, stats);
    if (cached !== undefined) return cached;
    const observedAt = Date.now();
    let entries: Dirent[];
    try {
      entries = (await readFolderEntries(folder, Number.POSITIVE_INFINITY)) as Dirent[];
    } catch (error) {
      return derive(folder, [], { stats, unreadable: codeOfError(error) === "unreadable" });
    }
    await sortInTurns(entries, (a, b) => byteOrder(a.name, b.name));
    const value = await deriveInTurns(folder, entries, { stats, unreadable: false });
    cache.set(folder, stats, observedAt, value);
    if (observe(stats, observedAt).racy) {
      if (fresh.size >= MAX_FRESH_READINGS) fresh.clear();
      fresh.set(folder, { stats, observedAt, value });
    }
    return value;
  };
  return Object.assign(read, { readAhead });
}

/** Whether two stats of one path show the same folder, unchanged. */
function sameFolder(a: Stats, b: Stats): boolean {
  return (
    a.dev === b.dev &&
    a.ino === b.ino &&
    a.size === b.size &&
    a.mtimeMs === b.mtimeMs &&
    a.ctimeMs === b.ctimeMs
  );
}
