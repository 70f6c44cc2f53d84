import { join } from "node:path";
import { byteOrder, readFolderEntries } from "./cli-listing/read-folder-entries.js";
import type { Repository } from "./open-repository.js";

/**
 * The archive folders (`<date>-<change>`) that hold a change of this name, as
 * listed; none when the archive cannot be read. A writer names them: an
 * archived change is not written, and a new one may share its name. The
 * archive is listed in batches, so one of 100,000 changes never holds a
 * server's other callers.
 */
export async function archivedFoldersOf(repository: Repository, change: string): Promise<string[]> {
  try {
    const entries = await readFolderEntries(
      join(repository.openspecDir, "changes", "archive"),
      Number.POSITIVE_INFINITY,
    );
    return (entries as { name: string }[])
      .map((entry) => entry.name)
      .filter((entry) => /^\d{4}-\d{2}-\d{2}-/.test(entry) && entry.slice(11) === change)
      .sort(byteOrder);
  } catch {
    return [];
  }
}
