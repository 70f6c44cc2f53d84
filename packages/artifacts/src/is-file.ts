import { statSync } from "node:fs";

/** Whether `path` is a regular file or a symlink to one; anything unreadable reads as no. */
export function isFile(path: string): boolean {
  try {
    // Synchronous on purpose: one stat, bounded by a constant, never opens what it names.
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
