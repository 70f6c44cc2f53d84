import type { Repository } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";

/**
 * change_not_found for a name that is no active change, saying when it is
 * archived: the tools that take only active changes (sequences, promotion)
 * tell the two apart, since the fix differs. `archived` holds the archived
 * names (`archivedChangeNames`), read beforehand without holding the event
 * loop.
 */
export function notActiveChange(
  repository: Repository,
  active: Set<string>,
  archived: ReadonlySet<string>,
  name: string,
): ToolFailure | null {
  if (active.has(name)) return null;
  if (archived.has(name)) {
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
