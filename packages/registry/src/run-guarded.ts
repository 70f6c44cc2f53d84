import { databaseFailure, readOnlyRegistry, tooNewRegistry } from "./database-failure.js";
import { findNewerSchema } from "./find-newer-schema.js";
import { MIGRATIONS_FOLDER } from "./migrations-folder.js";
import type { RegistryContext } from "./registry-context.js";
import type { RegistryFailure } from "./registry-failure.js";

/**
 * Runs a read against the file, turning lock and file errors into failure
 * values. A newer build may migrate the file while a host keeps it open, so
 * every call first checks that the schema is still one this build knows.
 */
export function runGuarded<T>(context: RegistryContext, work: () => T): T | RegistryFailure {
  try {
    const newer = findNewerSchema(context.db, MIGRATIONS_FOLDER);
    if (newer !== undefined) return tooNewRegistry(context.file, newer);
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
  return runGuarded(context, () =>
    context.db
      .transaction(() => {
        // Checked again under the lock: a newer build may have migrated the file since.
        const newer = findNewerSchema(context.db, MIGRATIONS_FOLDER);
        return newer === undefined ? work() : tooNewRegistry(context.file, newer);
      })
      .immediate(),
  );
}
