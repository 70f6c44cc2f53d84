import { type Dirent, lstatSync, readdirSync, statSync } from "node:fs";

/** Far more entries than a change folder holds; a bound on what one listing may cost. */
const MAX_ENTRIES = 2000;
const MAX_DEPTH = 8;

/**
 * When a change last changed, as `openspec list` reports it (`lastModified`):
 * the newest modification time of the files in its folder, sub-folders
 * included, else the folder's own. Links are not followed (their own time
 * counts), so nothing outside the folder is looked at; a folder that may not
 * be read gives null.
 */
export function changeLastModified(change: { dir: string }): string | null {
  let newest = -1;
  let seen = 0;
  const walk = (folder: string, depth: number): boolean => {
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
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
