import { readFileSync } from "node:fs";
import { containedRealPath } from "./contained-path.js";
import type { Repository } from "./open-repository.js";

/**
 * The UTF-8 text of a file inside the repository, or null when it is missing,
 * is not a file, or is a symlink that leads out of the repository.
 */
export function readContainedText(repository: Repository, path: string): string | null {
  const real = containedRealPath(repository, path);
  if (real === null) return null;
  try {
    return readFileSync(real, "utf8");
  } catch {
    return null;
  }
}
