import { join } from "node:path";
import type { Repository } from "@org/openspec-artifacts";

/**
 * The names of archived changes: `archive/<date>-<name>` as the CLI names
 * them, or `archive/<name>`; none when the archive cannot be read. The
 * archive is listed in batches (a turn of the event loop between them), so
 * one of 100,000 changes never holds a server's other callers.
 */
export async function archivedChangeNames(repository: Repository): Promise<Set<string>> {
  const { readFolderEntries } = await import("@org/openspec-artifacts");
  try {
    const entries = await readFolderEntries(
      join(repository.openspecDir, "changes", "archive"),
      Number.POSITIVE_INFINITY,
    );
    return new Set(
      (entries as { name: string }[]).map(({ name }) =>
        /^\d{4}-\d{2}-\d{2}-./.test(name) ? name.slice(11) : name,
      ),
    );
  } catch {
    return new Set();
  }
}
