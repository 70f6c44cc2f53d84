import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Repository } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";

/**
 * change_not_found for a name that is no active change, saying when it is
 * archived: the tools that take only active changes (sequences, promotion)
 * tell the two apart, since the fix differs.
 */
export function notActiveChange(
  repository: Repository,
  active: Set<string>,
  name: string,
): ToolFailure | null {
  if (active.has(name)) return null;
  if (archivedNames(repository).has(name)) {
    return toolFailure(
      "change_not_found",
      `"${name}" is archived, not an active change.`,
      `Leave "${name}" out, as it is done, or put it back with {tool:openspec_change_unarchive}.`,
    );
  }
  return toolFailure(
    "change_not_found",
    `No active change "${name}" in ${repository.root}.`,
    "Name active changes by their folder names; {tool:openspec_context} with the source lists them.",
  );
}

/** The names of archived changes: `archive/<date>-<name>` as the CLI names them, or `archive/<name>`. */
function archivedNames(repository: Repository): Set<string> {
  try {
    return new Set(
      readdirSync(join(repository.openspecDir, "changes", "archive")).map((entry) =>
        /^\d{4}-\d{2}-\d{2}-./.test(entry) ? entry.slice(11) : entry,
      ),
    );
  } catch {
    return new Set();
  }
}
