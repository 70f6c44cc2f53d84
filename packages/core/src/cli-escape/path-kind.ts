import { lstat, stat } from "node:fs/promises";

/** What a path is, read without opening it; `follow` reads through a symlink as the CLI does. */
export type PathKind = "missing" | "link" | "folder" | "file" | "special";

/**
 * The kind of a path, from `lstat` (or `stat` with `follow`), never by
 * opening it: a FIFO or device is answered `special` without a read that
 * could wait on it. Exists so every repository check here asks one question
 * the same way, off the event loop.
 */
export async function pathKind(path: string, follow = false): Promise<PathKind> {
  try {
    const found = follow ? await stat(path) : await lstat(path);
    if (found.isSymbolicLink()) return "link";
    if (found.isDirectory()) return "folder";
    if (found.isFile()) return "file";
    return "special";
  } catch {
    return "missing";
  }
}
