import { nameCloseness } from "@org/openspec-failure";
import type { Repository } from "./open-repository.js";
import { changeCandidates } from "./scan-changes.js";

/** The most change names a `change_not_found` suggests. */
const CLOSEST_NAMED = 3;

/** How many change names are ranked for a suggestion: enough for any real repository, bounded work for a hostile one. */
const NAMES_RANKED = 5_000;

/**
 * The active changes whose names are closest to one that named none (a typo:
 * `count-uppercase-y` for `count-uppercase`), best first, ranked as the
 * registry ranks source names; empty when none is close. Takes the names
 * from the cached listing of `changes/`: a server reads it ahead in turns
 * (`readChangeNamesAhead`), so this costs one stat there; a synchronous
 * caller (the shell) reads the folder here when it is not read yet.
 */
export function closestChanges(repository: Repository, wanted: string): string[] {
  const lower = wanted.toLowerCase();
  return changeCandidates(repository, false)
    .slice(0, NAMES_RANKED)
    .map(({ name }) => ({ name, score: nameCloseness(lower, name.toLowerCase()) }))
    .filter((entry) => Number.isFinite(entry.score))
    .sort((a, b) => a.score - b.score || a.name.localeCompare(b.name))
    .slice(0, CLOSEST_NAMED)
    .map((entry) => entry.name);
}
