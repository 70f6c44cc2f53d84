import { lstatSync } from "node:fs";

/**
 * Whether anything (a file, a folder, a symlink even if dangling) is at `path`,
 * without following a final symlink. Node's `existsSync` follows it, and a
 * write must not land where a dangling link points; any error reads as absent.
 */
export function pathExists(path: string): boolean {
  try {
    // Synchronous on purpose: one stat, bounded by a constant, never opens what it names.
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}
