import { type Failure, failure } from "./failure.js";

/**
 * The failure for a lock `holdFolderLock` could not take on `path`: another
 * writer still holds it (`write_conflict`, call again), or the filesystem
 * refused the lock file (`write_failed`). One wording for every writer that
 * takes turns on a file (tasks.md, a change's metadata).
 */
export function lockFailure(
  path: string,
  held: { reason: "busy" | "io"; error: string },
  work: "write" | "update",
): Failure {
  return held.reason === "busy"
    ? failure("write_conflict", `Another process is updating ${path}: ${held.error}`, {
        fix: "Call again in a moment.",
      })
    : failure("write_failed", `${path} cannot be locked for the ${work}: ${held.error}`);
}
