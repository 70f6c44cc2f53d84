import { type Stats, statSync } from "node:fs";
import { codeOfError, type FileReadCode } from "../read-regular-file.js";

/**
 * The stats of a path, or null when it cannot be stat'ed for any reason:
 * missing, a file where a folder was expected (ENOTDIR), a symlink loop
 * (ELOOP), a name too long. `throwIfNoEntry: false` covers only ENOENT.
 */
export function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

/** The stats of a path, or why there are none: `missing`, or `unreadable` when a folder on the way may not be searched. */
export function statOrCode(path: string): Stats | FileReadCode {
  try {
    // A missing path is common (a change without tasks.md) and an exception costs more than the stat.
    return statSync(path, { throwIfNoEntry: false }) ?? "missing";
  } catch (error) {
    const code = codeOfError(error);
    return code === "unreadable" ? "unreadable" : "missing";
  }
}
