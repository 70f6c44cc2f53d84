import { databaseFailure, readOnlyRegistry } from "./database-failure.js";
import type { RegistryContext } from "./registry-context.js";
import type { RegistryFailure } from "./registry-failure.js";

/** Runs a read against the file, turning lock and file errors into failure values. */
export function runGuarded<T>(context: RegistryContext, work: () => T): T | RegistryFailure {
  try {
    return work();
  } catch (error) {
    return databaseFailure(context.file, error);
  }
}

/**
 * Runs `work` in a transaction that takes the write lock before it reads
 * (`BEGIN IMMEDIATE`), so the checks it makes still hold when it writes; a
 * deferred transaction would fail with SQLITE_BUSY on upgrade instead of
 * waiting.
 */
export function runInWriteTransaction<T>(
  context: RegistryContext,
  work: () => T,
): T | RegistryFailure {
  if (context.readOnly) {
    return readOnlyRegistry(context.file, "its file or folder is not writable");
  }
  return runGuarded(context, () => context.db.transaction(work, { behavior: "immediate" }));
}
