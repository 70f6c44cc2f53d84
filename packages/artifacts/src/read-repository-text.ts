import { realpathSync } from "node:fs";
import type { Repository } from "./open-repository.js";
import { readContainedFile } from "./read-contained-text.js";
import { DEFAULT_MAX_ARTIFACT_BYTES, readRegularFile } from "./read-regular-file.js";

/**
 * The UTF-8 text of a small file for a caller that only needs it or nothing
 * (a configuration file): null when it is missing, leads out of `repository`
 * (when given), is not a regular file, cannot be read, is not UTF-8, or is
 * larger than `maxBytes`. Never blocks on a FIFO.
 */
export function readRepositoryText(
  path: string,
  repository?: Repository,
  maxBytes: number = DEFAULT_MAX_ARTIFACT_BYTES,
): string | null {
  const read =
    repository === undefined
      ? readRegularFile(realPathOr(path), maxBytes)
      : readContainedFile(repository, path, maxBytes);
  // Half a configuration file is worse than none.
  return read.ok && !read.truncated ? read.text : null;
}

/** The file a link leads to, since the read refuses to follow one itself. */
function realPathOr(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}
