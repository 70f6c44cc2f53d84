import { basename, dirname } from "node:path";
import { messageOf } from "./error-message.js";
import { type FolderHandle, openFolder } from "./open-folder-inside.js";
import { type AtomicWriteResult, writeFileAtomic } from "./write-file-atomic.js";

/**
 * writeFileAtomic for a file named by its path outside any repository (a
 * host's config file): the content goes to a temporary file with a random
 * name in the same folder, is synced, replaces the file with a rename (or
 * appears with a hard link when `overwrite` is off), and the folder is synced
 * after. Readers see the old content or the new, never a part; nothing
 * temporary is left behind. A symlink at the path is replaced, not followed:
 * pass its real path to write through it.
 */
export function writeFileAtomicAt(
  path: string,
  content: string,
  options: { overwrite: boolean },
): AtomicWriteResult {
  let folder: FolderHandle;
  try {
    folder = openFolder(dirname(path));
  } catch (error) {
    return { ok: false, reason: "io", error: `Could not write ${path}: ${messageOf(error)}.` };
  }
  try {
    return writeFileAtomic(folder, basename(path), content, options, () => true);
  } finally {
    folder.close();
  }
}
