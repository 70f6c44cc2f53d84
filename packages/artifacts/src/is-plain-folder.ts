import { lstatSync } from "node:fs";

/**
 * A folder itself, not a symlink to one: the walks over a change's folders
 * never follow a link, as archive does not merge through one either.
 */
export function isPlainFolder(path: string): boolean {
  try {
    // Synchronous on purpose: one stat, bounded by a constant, never opens what it names.
    return lstatSync(path).isDirectory();
  } catch {
    return false;
  }
}
