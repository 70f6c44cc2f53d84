import { existsSync } from "node:fs";
import { join } from "node:path";
import { archivedFoldersOf } from "./archived-folders-of.js";
import { checkSegment } from "./check-name.js";
import { closestChanges } from "./closest-changes.js";
import { containedRealPath } from "./contained-path.js";
import { type Failure, failure } from "./failure.js";
import { isDirectory } from "./is-directory.js";
import type { Repository } from "./open-repository.js";

/** An active change's folder, `openspec/changes/<change>`. */
export type ActiveChange = { changeDir: string; change: string };

/**
 * The folder of the active change `change`: a plain name (no archived
 * change, no `archive` folder), an existing folder, and one whose real path
 * stays inside the repository. A server awaits `locateActiveChangeInTurns`,
 * which reads `changes/` and `changes/archive/` ahead for what a missing
 * change's failure says: that it is archived, or the closest names.
 */
export function locateActiveChange(repository: Repository, change: string): ActiveChange | Failure {
  const invalid = checkSegment("change", change);
  if (invalid) return invalid;
  if (change === "archive") {
    return failure("invalid_name", `"archive" is the folder of archived changes, not a change.`, {
      fix: "Name an active change.",
    });
  }
  const changeDir = join(repository.openspecDir, "changes", change);
  if (!isDirectory(changeDir)) {
    const changesDir = join(repository.openspecDir, "changes");
    if (!existsSync(changesDir)) {
      return failure("change_not_found", `No active change "${change}" in ${repository.root}.`, {
        fix: "This repository has no openspec/changes folder; run `{openspec} init` and create a change first.",
      });
    }
    // An archived change is done: say where it is, rather than suggesting a new one.
    const archived = archivedFoldersOf(repository, change).at(-1);
    if (archived !== undefined) {
      return failure(
        "change_not_found",
        `"${change}" is archived (openspec/changes/archive/${archived}), not an active change.`,
        {
          fix: "Its work is done; put it back with {tool:openspec_change_unarchive} to work on it again, or name an active change.",
        },
      );
    }
    // A typo names the change meant, rather than suggesting a new one.
    const closest = closestChanges(repository, change);
    return failure(
      "change_not_found",
      `No active change "${change}" in ${repository.root}${closest.length > 0 ? `; closest: ${closest.join(", ")}` : ""}.`,
      {
        fix:
          closest.length > 0
            ? `Name ${closest.length === 1 ? closest[0] : `one of ${closest.join(", ")}`}, or list the changes with {tool:openspec_list}.`
            : "List the changes with {tool:openspec_list}, or create this one with {tool:openspec_change_create}.",
      },
    );
  }
  if (containedRealPath(repository, changeDir) === null) {
    return failure(
      "path_outside_repository",
      `The change folder "${change}" is a symlink that leads outside ${repository.root}.`,
      { fix: "Replace the symlink with the change folder itself." },
    );
  }
  return { changeDir, change };
}
