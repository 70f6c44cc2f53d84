import { type Failure, failure } from "./failure.js";

/**
 * The failure for a lock `holdFolderLock` could not take on `path`: another
 * writer still holds it (`write_conflict`, call again), something that is not
 * a file sits where the lock belongs (`not_a_regular_file`, remove it), or the
 * filesystem refused the lock file (`write_failed`). One wording for every
 * writer that takes turns on a file (tasks.md, a change's metadata, ideas).
 */
export function lockFailure(
  path: string,
  held: { reason: "busy" | "io" | "not_a_file"; error: string },
  work: "write" | "update",
): Failure {
  if (held.reason === "busy") {
    return failure("write_conflict", `Another process is updating ${path}: ${held.error}`, {
      fix: "Call again in a moment.",
    });
  }
  if (held.reason === "not_a_file") {
    return failure(
      "not_a_regular_file",
      `${path} cannot be locked for the ${work}: ${held.error}`,
      {
        fix: "Remove the lock's path from the folder, then call again.",
        path,
      },
    );
  }
  return failure("write_failed", `${path} cannot be locked for the ${work}: ${held.error}`);
}
