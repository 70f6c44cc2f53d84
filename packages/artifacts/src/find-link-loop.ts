import { lstatSync, realpathSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { codeOf } from "./error-code.js";
import { type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";

/**
 * The first component of `path`, from the repository's root down, that is a
 * symbolic link loop (resolving it fails with ELOOP), relative to the root;
 * null when there is none. A path refused because it cannot be resolved is
 * then told apart from one that leads out: a loop is fixed by removing or
 * repointing the link, not by looking for where it escapes to. Only lstat and
 * realpath, which never open what they look at. Called on the refusal path
 * only, so a path that resolves costs nothing.
 */
export function findLinkLoop(repository: Repository, path: string): string | null {
  const parts = relative(repository.root, path).split(sep);
  let current = repository.root;
  for (const part of parts) {
    if (part === "" || part === ".") continue;
    current = join(current, part);
    try {
      if (!lstatSync(current).isSymbolicLink()) continue;
      realpathSync.native(current);
    } catch (error) {
      return codeOf(error) === "ELOOP" ? relative(repository.root, current) : null;
    }
  }
  return null;
}

/** The failure for a path that runs into the symbolic link loop `link` (from `findLinkLoop`). */
export function linkLoopFailure(link: string): Failure {
  return failure("symlink_loop", `${link} is a symbolic link loop; remove or fix the link.`, {
    fix: `Remove the link ${link}, or point it at a real file or folder inside the repository.`,
    path: link,
  });
}
