import type { Repository } from "./open-repository.js";
import { readChangeFoldersAhead } from "./scan-changes.js";

/**
 * Reads `openspec/changes/` in batches (a turn of the event loop between
 * them) so the `listActiveChangeFolders` that follows finds it read and costs
 * one stat: a server awaits it first, and a changes folder of 100,000
 * entries then never holds its other callers.
 */
export async function readActiveChangeFoldersAhead(repository: Repository): Promise<void> {
  await readChangeFoldersAhead(repository, false);
}
