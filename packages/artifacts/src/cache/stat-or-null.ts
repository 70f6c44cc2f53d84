import { type Stats, statSync } from "node:fs";

/**
 * The stats of a path, or null when it cannot be stat'ed for any reason:
 * missing, a file where a folder was expected (ENOTDIR), a symlink loop
 * (ELOOP), a name too long. `throwIfNoEntry: false` covers only ENOENT.
 */
export function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
