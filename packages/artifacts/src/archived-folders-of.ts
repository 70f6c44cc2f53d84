import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Repository } from "./open-repository.js";

/**
 * The archive folders (`<date>-<change>`) that hold a change of this name, as
 * listed; none when the archive cannot be read. A writer names them: an
 * archived change is not written, and a new one may share its name.
 */
export function archivedFoldersOf(repository: Repository, change: string): string[] {
  try {
    return readdirSync(join(repository.openspecDir, "changes", "archive")).filter(
      (entry) => /^\d{4}-\d{2}-\d{2}-/.test(entry) && entry.slice(11) === change,
    );
  } catch {
    return [];
  }
}
