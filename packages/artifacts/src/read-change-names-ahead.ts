import { join } from "node:path";
import { checkSegment } from "./check-name.js";
import { isDirectory } from "./is-directory.js";
import type { Repository } from "./open-repository.js";
import { readChangeFoldersAhead } from "./scan-changes.js";

/**
 * When `change` names no active change folder, reads `changes/archive/` and `changes/` ahead in
 * batches with turns of the event loop between them, so the `change_not_found`
 * a synchronous lookup (`locateActiveChange`) answers next names the closest
 * changes for one stat, and thousands of changes never hold a server's other
 * callers. A change that is there costs one stat and reads nothing.
 */
export async function readChangeNamesAhead(repository: Repository, change: string): Promise<void> {
  if (checkSegment("change", change) !== null || change === "archive") return;
  if (isDirectory(join(repository.openspecDir, "changes", change))) return;
  await readChangeFoldersAhead(repository, true);
  await readChangeFoldersAhead(repository, false);
}
