import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";

/** Entries of one change folder looked at at most; a change is a few files. */
const MOST_ENTRIES = 5000;

/**
 * The first FIFO, socket or device below `folder` (symlinks are not walked
 * into), from `readdir` types alone, never opening anything: the OpenSpec CLI
 * reads a change's files with plain reads, so one FIFO would hold its run,
 * and the CLI slot with it, until the run's timeout. `undefined` when there
 * is none among the first 5000 entries or the folder cannot be listed.
 */
export async function specialFileUnder(folder: string): Promise<string | undefined> {
  const folders = [folder];
  let seen = 0;
  for (let current = folders.pop(); current !== undefined; current = folders.pop()) {
    let entries: Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (++seen > MOST_ENTRIES) return undefined;
      const path = join(current, entry.name);
      if (entry.isDirectory()) folders.push(path);
      else if (!entry.isFile() && !entry.isSymbolicLink()) return path;
    }
  }
  return undefined;
}
