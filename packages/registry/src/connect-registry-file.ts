import type Database from "better-sqlite3";
import { createPrivateFile } from "./create-private-file.js";
import {
  databaseFailure,
  readOnlyRegistry,
  tooNewRegistry,
  unreadableRegistry,
} from "./database-failure.js";
import { findNewerSchema } from "./find-newer-schema.js";
import { isMigrated } from "./is-migrated.js";
import { MIGRATIONS_FOLDER } from "./migrations-folder.js";
import { openReadOnly } from "./open-read-only.js";
import { registryAccess } from "./registry-access.js";
import type { RegistryDatabase } from "./registry-database.js";
import type { RegistryFailure } from "./registry-failure.js";
import { retryOnContention } from "./retry-on-contention.js";
import { openSqlite } from "./sqlite-driver.js";
import { classifySqliteError } from "./sqlite-error.js";
import { writeOperations } from "./write-operations-loader.js";

export type ConnectResult =
  | { readonly ok: true; readonly db: RegistryDatabase; readonly readOnly: boolean }
  | RegistryFailure;

/**
 * Opens the SQLite file and makes it a current registry. Nothing is written
 * until the file has proven to be an intact SQLite database that is empty or
 * already a registry of a schema this build knows, so a foreign, damaged or
 * newer file stays byte-identical. A registry that is already current is only
 * read, which keeps opening cheap. A file this user may not write is opened
 * read-only: reads work, writes answer `registry_read_only`.
 */
export function connectRegistryFile(file: string, busyTimeoutMs: number): ConnectResult {
  const access = registryAccess(file);
  if (access === "cannot_create") {
    return readOnlyRegistry(file, "it does not exist and its folder is not writable");
  }
  const readOnly = access === "read_only";
  let sqlite: Database.Database;
  try {
    if (!readOnly) createPrivateFile(file);
    sqlite = readOnly
      ? openReadOnly(file, busyTimeoutMs)
      : openSqlite(file, { timeout: busyTimeoutMs });
  } catch (error) {
    return databaseFailure(file, error, busyTimeoutMs);
  }
  try {
    const problem = checkBeforeUse(sqlite, file, readOnly);
    if (problem !== undefined) {
      sqlite.close();
      return problem;
    }
    if (!readOnly) {
      if (sqlite.pragma("journal_mode", { simple: true }) !== "wal") enableWriteAheadLog(sqlite);
      if (!isMigrated(sqlite, MIGRATIONS_FOLDER)) {
        writeOperations().applyMigrations(sqlite, MIGRATIONS_FOLDER);
      }
    }
    return { ok: true, db: sqlite, readOnly };
  } catch (error) {
    sqlite.close();
    return databaseFailure(file, error, busyTimeoutMs);
  }
}

/** Why the file must not be used (or, read-only, cannot be brought up to date), if it must not. */
function checkBeforeUse(
  sqlite: Database.Database,
  file: string,
  readOnly: boolean,
): RegistryFailure | undefined {
  const foreign = findForeignContent(sqlite);
  if (foreign !== undefined) return unreadableRegistry(file, foreign);
  const newer = findNewerSchema(sqlite, MIGRATIONS_FOLDER);
  if (newer !== undefined) return tooNewRegistry(file, newer);
  const migrated = isMigrated(sqlite, MIGRATIONS_FOLDER);
  if (readOnly) {
    return migrated
      ? undefined
      : readOnlyRegistry(file, "it needs an upgrade that cannot be written");
  }
  const inWalMode = sqlite.pragma("journal_mode", { simple: true }) === "wal";
  const damage = inWalMode && migrated ? undefined : findDamage(sqlite);
  return damage === undefined ? undefined : unreadableRegistry(file, damage);
}

function findForeignContent(sqlite: Database.Database): string | undefined {
  const tables = sqlite
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
    .pluck()
    .all();
  const foreign = tables.length > 0 && !tables.includes("__drizzle_migrations");
  return foreign ? "it is a SQLite database of another program" : undefined;
}

/** Run only before the first write to a file, which is when damage must not spread. */
function findDamage(sqlite: Database.Database): string | undefined {
  const check: unknown = sqlite.pragma("quick_check", { simple: true });
  return check === "ok" ? undefined : `integrity check failed: ${String(check)}`;
}

function enableWriteAheadLog(sqlite: Database.Database): void {
  retryOnContention(sqlite, () => {
    try {
      const mode: unknown = sqlite.pragma("journal_mode = WAL", { simple: true });
      return mode === "wal" ? { done: true, value: undefined } : { done: false };
    } catch (error) {
      if (classifySqliteError(error) === "busy") return { done: false };
      throw error;
    }
  });
}
