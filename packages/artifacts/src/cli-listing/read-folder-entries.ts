import { type Dirent, opendirSync } from "node:fs";
import { setImmediate } from "node:timers/promises";

/** Entries fetched from the kernel per step: each step is a fraction of a millisecond. */
const ENTRIES_PER_STEP = 1024;

/**
 * A folder's entries, read in batches through `opendir`, so a folder of
 * 300,000 entries never holds the event loop (one `readdirSync` of it holds it
 * for half a second, and `readdir`'s answer is turned into Dirents in one go
 * on the loop). Each batch is one synchronous read of up to 1,024 entries (a
 * fraction of a millisecond), with a turn of the event loop between batches:
 * most folders (a change, a spec) end within the first, so a walk of many
 * small folders pays no trip through the thread pool and no turn per
 * folder, and a large one pays a turn per batch, not a promise per entry.
 * Opening is `opendir(3)`'s, non-blocking and directories only, so a FIFO
 * in a folder's place fails at once (ENOTDIR). Stops and answers `too_many`
 * as soon as more than `limit` entries were read. The order is the kernel's,
 * not `readdir`'s sorted one: callers that need an order sort. Throws what
 * `opendir` throws.
 */
export async function readFolderEntries(
  folder: string,
  limit: number,
): Promise<Dirent[] | "too_many"> {
  const dir = opendirSync(folder, { bufferSize: ENTRIES_PER_STEP });
  const entries: Dirent[] = [];
  try {
    for (;;) {
      for (let read = 0; read < ENTRIES_PER_STEP; read++) {
        const entry = dir.readSync();
        if (entry === null) return entries;
        entries.push(entry);
        if (entries.length > limit) return "too_many";
      }
      await setImmediate();
    }
  } finally {
    dir.closeSync();
  }
}

/**
 * The order `readdirSync` gives names in (libuv sorts them with `strcmp`, by
 * their UTF-8 bytes): code points, where JavaScript's `<` compares UTF-16 code
 * units and puts U+E000–U+FFFF after characters beyond U+FFFF.
 */
export function byteOrder(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    return rank(x) - rank(y);
  }
  return a.length - b.length;
}

/** A code unit's place in code point order: surrogates stand for code points above U+FFFF. */
function rank(unit: number): number {
  return unit >= 0xd800 && unit <= 0xdfff ? unit + 0x10000 : unit;
}
