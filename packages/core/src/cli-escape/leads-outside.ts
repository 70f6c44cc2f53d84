import { realpath } from "node:fs/promises";
import { sep } from "node:path";

/**
 * Whether `path` (a symlink, or a folder with one above it) resolves to a
 * place outside `realRoot`, or cannot be resolved at all (a dangling link,
 * which someone could point anywhere later). Exists so a link that stays
 * inside the source is still followed, as the CLI follows it.
 */
export async function leadsOutside(path: string, realRoot: string): Promise<boolean> {
  let resolved: string;
  try {
    resolved = await realpath(path);
  } catch {
    return true;
  }
  return resolved !== realRoot && !resolved.startsWith(realRoot + sep);
}
