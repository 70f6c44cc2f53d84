import type Database from "better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type { RegistryDatabase } from "./registry-database.js";
import { retryOnContention } from "./retry-on-contention.js";
import { classifySqliteError } from "./sqlite-error.js";

const MIGRATIONS_TABLE = "__drizzle_migrations";

/**
 * Brings the file up to the committed migrations. drizzle's migrator reads
 * the applied state before it takes the write lock, so when several processes
 * open a brand-new file at once all but one fail (busy, or "table already
 * exists"); they roll back, see the winner's work, and retry.
 */
export function applyMigrations(db: RegistryDatabase, migrationsFolder: string): void {
  const sqlite = db.$client;
  retryOnContention(() => {
    const before = lastAppliedMigration(sqlite);
    try {
      migrate(db, { migrationsFolder });
      return { done: true, value: undefined };
    } catch (error) {
      if (sqlite.inTransaction) sqlite.exec("ROLLBACK");
      const lostRace =
        classifySqliteError(error) === "busy" || lastAppliedMigration(sqlite) !== before;
      if (lostRace) return { done: false };
      throw error;
    }
  });
}

/** Whether every committed migration is already applied: the usual case, checked without writing. */
export function isMigrated(sqlite: Database.Database, migrationsFolder: string): boolean {
  const newest = Math.max(
    ...readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis),
  );
  return lastAppliedMigration(sqlite) >= newest;
}

/** The `created_at` of the newest applied migration, as drizzle's migrator compares it. */
function lastAppliedMigration(sqlite: Database.Database): number {
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(MIGRATIONS_TABLE);
  if (table === undefined) return Number.NEGATIVE_INFINITY;
  const newest: unknown = sqlite
    .prepare(`SELECT max(created_at) FROM "${MIGRATIONS_TABLE}"`)
    .pluck()
    .get();
  return newest === null ? Number.NEGATIVE_INFINITY : Number(newest);
}
