import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { applyMigrations, isMigrated } from "./apply-migrations.js";
import { databaseFailure, unreadableRegistry } from "./database-failure.js";
import { BUSY_TIMEOUT_MS, type RegistryDatabase } from "./registry-database.js";
import type { RegistryFailure } from "./registry-failure.js";
import { retryOnContention } from "./retry-on-contention.js";
import { classifySqliteError } from "./sqlite-error.js";

// Resolved from the built module (dist/) and from the sources under test (src/) alike.
const MIGRATIONS_FOLDER = fileURLToPath(new URL("../drizzle", import.meta.url));

export type ConnectResult = { readonly ok: true; readonly db: RegistryDatabase } | RegistryFailure;

/**
 * Opens the SQLite file and makes it a current registry. Nothing is written
 * until the file has proven to be an intact SQLite database that is empty or
 * already a registry, so a foreign or damaged file stays byte-identical. A
 * registry that is already current is only read, which keeps opening cheap.
 */
export function connectRegistryFile(file: string): ConnectResult {
  let sqlite: Database.Database;
  try {
    sqlite = new Database(file, { timeout: BUSY_TIMEOUT_MS });
  } catch (error) {
    return databaseFailure(file, error);
  }
  try {
    const inWalMode = sqlite.pragma("journal_mode", { simple: true }) === "wal";
    const migrated = isMigrated(sqlite, MIGRATIONS_FOLDER);
    const problem =
      findForeignContent(sqlite) ?? (inWalMode && migrated ? undefined : findDamage(sqlite));
    if (problem !== undefined) {
      sqlite.close();
      return unreadableRegistry(file, problem);
    }
    if (!inWalMode) enableWriteAheadLog(sqlite);
    const db = drizzle({ client: sqlite });
    if (!migrated) applyMigrations(db, MIGRATIONS_FOLDER);
    return { ok: true, db };
  } catch (error) {
    sqlite.close();
    return databaseFailure(file, error);
  }
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
  retryOnContention(() => {
    try {
      const mode: unknown = sqlite.pragma("journal_mode = WAL", { simple: true });
      return mode === "wal" ? { done: true, value: undefined } : { done: false };
    } catch (error) {
      if (classifySqliteError(error) === "busy") return { done: false };
      throw error;
    }
  });
}
