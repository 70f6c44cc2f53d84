import { byteOrder } from "./cli-listing/read-folder-entries.js";
import type { Repository } from "./open-repository.js";
import { changeCandidates } from "./scan-changes.js";

/** An archive folder's date prefix, as `openspec archive` writes it. */
const DATED = /^\d{4}-\d{2}-\d{2}-(.+)$/;

/**
 * The folders under `changes/archive/` that hold a change of this name:
 * `<date>-<change>` as `openspec archive` writes them, or its own name as
 * repositories archive by hand; in byte order, so the newest dated one is
 * last. A writer names them (an archived change is not written, and a new one
 * may share its name), and a lookup of a change that is not active says it is
 * done. Reads the cached listing of `changes/archive/`: a server reads it
 * ahead in turns first (`readChangeFoldersAhead`), so 100,000 archived
 * changes never hold its other callers.
 */
export function archivedFoldersOf(repository: Repository, change: string): string[] {
  return changeCandidates(repository, true)
    .map(({ name }) => name)
    .filter((name) => name === change || DATED.exec(name)?.[1] === change)
    .sort(byteOrder);
}
