import { databaseFailure, readOnlyRegistry, tooNewRegistry } from "./database-failure.js";
import { findNewerSchema } from "./find-newer-schema.js";
import { MIGRATIONS_FOLDER } from "./migrations-folder.js";
import { dataVersion } from "./others-wrote.js";
import type { RegistryContext } from "./registry-context.js";
import { MOST_WAIT_WHILE_OTHERS_WRITE_MS } from "./registry-database.js";
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
    return databaseFailure(context.file, error, context.busyTimeoutMs);
  }
}

/**
 * Runs `work` in a transaction that takes the write lock before it reads
 * (`BEGIN IMMEDIATE`), so the checks it makes still hold when it writes; a
 * deferred transaction would fail with SQLITE_BUSY on upgrade instead of
 * waiting. When the wait for the lock ran its whole busy timeout while other
 * connections kept committing, the lock was moving, not stuck: it waits again
 * (up to {@link MOST_WAIT_WHILE_OTHERS_WRITE_MS} in all), so a writer among many
 * on a loaded machine is not turned away with `registry_busy`. A caller that set a
 * short busy timeout (the asynchronous writes) gets the failure at once and
 * decides itself.
 */
export function runInWriteTransaction<T>(
  context: RegistryContext,
  work: () => T,
): T | RegistryFailure {
  if (context.readOnly) {
    return readOnlyRegistry(context.file, "its file or folder is not writable");
  }
  const started = Date.now();
  for (;;) {
    const before = dataVersion(context.db);
    const attemptStarted = Date.now();
    const result = runGuarded(context, () =>
      context.db
        .transaction(() => {
          // Checked again under the lock: a newer build may have migrated the file since.
          const newer = findNewerSchema(context.db, MIGRATIONS_FOLDER);
          return newer === undefined ? work() : tooNewRegistry(context.file, newer);
        })
        .immediate(),
    );
    if (!isBusy(result)) return result;
    const waitedWholeTimeout = Date.now() - attemptStarted >= context.busyTimeoutMs;
    const othersWrote = before !== undefined && dataVersion(context.db) !== before;
    const timeLeft = Date.now() - started < MOST_WAIT_WHILE_OTHERS_WRITE_MS;
    if (!(waitedWholeTimeout && othersWrote && timeLeft)) return result;
  }
}

function isBusy(result: unknown): boolean {
  return (
    typeof result === "object" &&
    result !== null &&
    (result as { code?: unknown }).code === "registry_busy"
  );
}
