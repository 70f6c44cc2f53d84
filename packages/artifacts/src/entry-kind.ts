import { lstatSync } from "node:fs";

/**
 * What sits at `path`, without following a symlink: a writer replaces only a
 * regular file and refuses a link or anything else in its place.
 */
export function entryKind(path: string): "missing" | "file" | "symlink" | "other" {
  try {
    // Synchronous on purpose: one stat, bounded by a constant, never opens what it names.
    const stat = lstatSync(path);
    return stat.isSymbolicLink() ? "symlink" : stat.isFile() ? "file" : "other";
  } catch {
    return "missing";
  }
}
