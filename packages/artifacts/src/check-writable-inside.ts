import { lstatSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { containedRealPath, isWritableInside } from "./contained-path.js";
import { type Failure, failure } from "./failure.js";
import { findLinkLoop, linkLoopFailure } from "./find-link-loop.js";
import type { Repository } from "./open-repository.js";

/**
 * Refuses a path that is about to be written or moved to, by this package or
 * by the OpenSpec CLI it runs, when it would land outside the repository
 * through a symlink (one that leads out, dangles or loops) on the way or at
 * the path itself (a loop is `symlink_loop`, the rest `path_outside_repository`). One check for every writer, so a spec created, a change
 * created and an archive all refuse the same link the same way. A symlink
 * whose real path stays inside the repository is allowed, as the CLI follows
 * it too. The failure names the path and the symlink, relative to the root.
 */
export function checkWritableInside(
  repository: Repository,
  path: string,
  /** One sentence saying what to do, given the symlink to replace. */
  fix: (link: string) => string,
): Failure | null {
  if (isWritableInside(repository, path)) return null;
  // A loop resolves nowhere, so it is refused too, but named as what it is.
  const loop = findLinkLoop(repository, path);
  if (loop !== null) return linkLoopFailure(loop);
  const shown = relative(repository.root, path) || ".";
  const link = firstLinkOut(repository, path);
  const through = link === null || link === shown ? "a symlink" : `the symlink ${link}`;
  return failure(
    "path_outside_repository",
    `${shown} leads outside the repository through ${through}.`,
    { fix: fix(link ?? shown), path: shown },
  );
}

/** The first component of `path`, from the root down, that is a symlink leading out (or nowhere). */
function firstLinkOut(repository: Repository, path: string): string | null {
  const parts = relative(repository.root, path).split(sep);
  let current = repository.root;
  for (const part of parts) {
    current = join(current, part);
    let isLink: boolean;
    try {
      isLink = lstatSync(current).isSymbolicLink();
    } catch {
      return null;
    }
    if (isLink && containedRealPath(repository, current) === null) {
      return relative(repository.root, current);
    }
  }
  return null;
}
