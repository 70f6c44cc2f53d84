import type { Repository } from "./open-repository.js";
import { changeCandidates } from "./scan-changes.js";

/** An archive folder's date prefix, as `openspec archive` writes it. */
const DATED = /^\d{4}-\d{2}-\d{2}-(.+)$/;

/**
 * The folder under `changes/archive/` that holds the change `change` (its
 * own name, as repositories archive by hand, or `<date>-<change>` as the
 * archive writes it; the newest when several), or undefined when none does.
 * An agent that asks for tasks of a change already archived then learns it is
 * done, rather than being told to create it again. Reads the cached listing of
 * `changes/archive/`, which a server reads ahead in turns.
 */
export function archivedFolderOf(repository: Repository, change: string): string | undefined {
  const matches = changeCandidates(repository, true)
    .map(({ name }) => name)
    .filter((name) => name === change || DATED.exec(name)?.[1] === change);
  return matches.sort().at(-1);
}
