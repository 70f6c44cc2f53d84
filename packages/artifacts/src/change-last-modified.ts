import { type Dirent, lstatSync, opendirSync, statSync } from "node:fs";

/** Far more entries than a change folder holds; a bound on what one listing may cost. */
const MAX_ENTRIES = 2000;
const MAX_DEPTH = 8;

/**
 * When a change last changed, as `openspec list` reports it (`lastModified`):
 * the newest modification time of the files in its folder, sub-folders
 * included, else the folder's own. Links are not followed (their own time
 * counts), so nothing outside the folder is looked at; a folder that may not
 * be read gives null. At most 2,000 entries are read, one small batch at a
 * time (`opendirSync`), so a change folder of 300,000 files costs as much as
 * one of 2,000: `readdirSync` would read all of it before the cap applied.
 */
export function changeLastModified(change: { dir: string }): string | null {
  let newest = -1;
  let seen = 0;
  const walk = (folder: string, depth: number): boolean => {
    let entries: Dirent[];
    try {
      entries = firstEntries(folder, MAX_ENTRIES - seen + 1);
    } catch {
      return folder !== change.dir;
    }
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) return true;
      // Names from a listing hold no separator, so concatenation is the joined path.
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (depth < MAX_DEPTH) walk(path, depth + 1);
        continue;
      }
      try {
        newest = Math.max(newest, lstatSync(path).mtimeMs);
      } catch {
        // Gone since the listing: the others still say when the change last changed.
      }
    }
    return true;
  };
  if (!walk(change.dir, 0)) return null;
  if (newest >= 0) return new Date(newest).toISOString();
  try {
    return statSync(change.dir).mtime.toISOString();
  } catch {
    return null;
  }
}

/** Up to `most` entries of a folder, in the kernel's order, reading no more than that. */
function firstEntries(folder: string, most: number): Dirent[] {
  const dir = opendirSync(folder, { bufferSize: 32 });
  const entries: Dirent[] = [];
  try {
    for (
      let entry = dir.readSync();
      entry !== null && entries.length < most;
      entry = dir.readSync()
    ) {
      entries.push(entry);
    }
  } finally {
    dir.closeSync();
  }
  return entries;
}
