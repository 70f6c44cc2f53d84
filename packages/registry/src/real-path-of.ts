import { realpathSync } from "node:fs";

/** A folder's real path, to compare two spellings of it; a folder that is gone compares by its stored path. */
export function realPathOf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    // Gone or unreadable: the stored spelling is all there is to compare.
    return path;
  }
}
