import { realpathSync } from "node:fs";
import { isInsideRoot } from "./contained-path.js";
import type { Repository } from "./open-repository.js";
import {
  codeOfError,
  DEFAULT_MAX_ARTIFACT_BYTES,
  type FileReadFailure,
  type FileText,
  readRegularFile,
} from "./read-regular-file.js";

/**
 * The UTF-8 text of a regular file inside the repository, at most `maxBytes`
 * of it, or why not: missing, a link that leads out, not a regular file (a
 * FIFO never blocks the read), unreadable, or not UTF-8.
 */
export function readContainedFile(
  repository: Repository,
  path: string,
  maxBytes: number = DEFAULT_MAX_ARTIFACT_BYTES,
): FileText | FileReadFailure {
  let real: string;
  try {
    // The native call resolves the whole path at once; the JavaScript one lstats every component.
    real = realpathSync.native(path);
  } catch (error) {
    const code = codeOfError(error);
    // A symlink loop on the way is as good as missing; a folder that may not be searched is not.
    return { ok: false, code: code === "unreadable" ? "unreadable" : "missing" };
  }
  if (!isInsideRoot(repository, real)) return { ok: false, code: "outside_repository" };
  return readRegularFile(real, maxBytes, (opened) => isInsideRoot(repository, opened));
}
