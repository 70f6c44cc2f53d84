import { opendirSync } from "node:fs";
import { nameCloseness } from "@org/openspec-failure";

/** The most change names a `change_not_found` suggests. */
const CLOSEST_NAMED = 3;

/** How many entries of `changes/` are read for a suggestion: enough for any real repository, bounded for a hostile one. */
const ENTRIES_READ = 5_000;

/**
 * The active changes whose names are closest to one that named none (a typo:
 * `count-uppercase-y` for `count-uppercase`), best first, ranked as the
 * registry ranks source names; empty when none is close. Reads at most
 * `ENTRIES_READ` entries of the folder, and only on this failure's path.
 */
export function closestChanges(changesDir: string, wanted: string): string[] {
  const names: string[] = [];
  let dir: ReturnType<typeof opendirSync> | undefined;
  try {
    dir = opendirSync(changesDir);
    for (let entry = dir.readSync(); entry !== null; entry = dir.readSync()) {
      if (entry.isDirectory() && entry.name !== "archive") names.push(entry.name);
      if (names.length >= ENTRIES_READ) break;
    }
  } catch {
    return [];
  } finally {
    dir?.closeSync();
  }
  const lower = wanted.toLowerCase();
  return names
    .map((name) => ({ name, score: nameCloseness(lower, name.toLowerCase()) }))
    .filter((entry) => Number.isFinite(entry.score))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, CLOSEST_NAMED)
    .map((entry) => entry.name);
}
