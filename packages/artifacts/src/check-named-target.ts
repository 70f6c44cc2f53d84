import { join } from "node:path";
import { containedRealPath } from "./contained-path.js";
import { type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import { pathExists } from "./path-exists.js";

/**
 * Refuses a change or spec named for the OpenSpec CLI whose folder leads out of
 * the repository (a symlink, or a dangling or looping one), before the CLI
 * follows it: the same rule the listings apply. `type` narrows which folder the
 * name means; without it both are checked, as the CLI tries both. A name with
 * no folder passes, so the CLI can answer "not found" itself.
 */
export function checkNamedTarget(
  repository: Repository,
  name: string,
  type?: "change" | "spec",
): Failure | null {
  const folders: [kind: "change" | "spec", path: string][] = [];
  if (type !== "spec") folders.push(["change", join(repository.openspecDir, "changes", name)]);
  if (type !== "change") folders.push(["spec", join(repository.openspecDir, "specs", name)]);
  for (const [kind, path] of folders) {
    if (!pathExists(path) || containedRealPath(repository, path) !== null) continue;
    return failure(
      "path_outside_repository",
      `The ${kind} folder "${name}" leads outside ${repository.root} through a symlink.`,
      { fix: `Replace the symlink with the ${kind} folder itself, or name another ${kind}.` },
    );
  }
  return null;
}

/** Whether anything, even a dangling symlink, is at the path. */
