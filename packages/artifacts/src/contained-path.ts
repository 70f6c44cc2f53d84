import { realpathSync } from "node:fs";
import { dirname, sep } from "node:path";
import type { Repository } from "./open-repository.js";
import { pathExists } from "./path-exists.js";

/** Whether a real (symlink-free) path lies inside the repository. */
export function isInsideRoot(repository: Repository, realPath: string): boolean {
  return realPath === repository.realRoot || realPath.startsWith(repository.realRoot + sep);
}

/**
 * The real path of an existing file or folder when it stays inside the
 * repository after every symlink is followed; null when it is missing or leaves.
 */
export function containedRealPath(repository: Repository, path: string): string | null {
  try {
    // The native call resolves the whole path at once; the JavaScript one lstats every component.
    const real = realpathSync.native(path);
    return isInsideRoot(repository, real) ? real : null;
  } catch {
    return null;
  }
}

/**
 * Whether a path that may not exist yet would be created inside the repository:
 * its deepest existing ancestor must resolve inside, and the path itself,
 * if it exists, must not be a symlink that leads out.
 */
export function isWritableInside(repository: Repository, path: string): boolean {
  let current = path;
  for (;;) {
    if (pathExists(current)) {
      return containedRealPath(repository, current) !== null;
    }
    const parent = dirname(current);
    if (parent === current) return false;
    current = parent;
  }
}
