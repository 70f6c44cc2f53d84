import type Database from "better-sqlite3";
import { committedMigrations } from "./committed-migrations.js";
import { type Migration, readMigrations } from "./read-migrations.js";
import { retryOnContention } from "./retry-on-contention.js";
import { classifySqliteError } from "./sqlite-error.js";

const MIGRATIONS_TABLE = "__drizzle_migrations";

/**
 * Brings the file up to the committed migrations. The migrator reads the
 * applied state before it takes the write lock, so when several processes
 * open a brand-new file at once all but one fail (busy, or "table already
 * exists"); they roll back, see the winner's work, and retry.
 */
export function applyMigrations(sqlite: Database.Database, migrationsFolder: string): void {
  const migrations = readMigrations(migrationsFolder);
  retryOnContention(() => {
    const before = lastAppliedMigration(sqlite);
    try {
      migrate(sqlite, migrations);
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

/**
 * drizzle's synchronous SQLite migrator (`migrate` of drizzle-orm/better-sqlite3)
 * step for step, on the raw connection. openRegistry is synchronous, so drizzle
 * could only be loaded on demand through require() of its CommonJS build,
 * which cost a new file's first open over 100 ms, for this one loop. Files
 * stay interchangeable with drizzle's (same table, same rows): a test
 * migrates with both and compares.
 */
function migrate(sqlite: Database.Database, migrations: readonly Migration[]): void {
  sqlite
    .prepare(
      `CREATE TABLE IF NOT EXISTS "${MIGRATIONS_TABLE}" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
    )
    .run();
  const last = sqlite
    .prepare<[], { created_at: unknown }>(
      `SELECT id, hash, created_at FROM "${MIGRATIONS_TABLE}" ORDER BY created_at DESC LIMIT 1`,
    )
    .get();
  sqlite.prepare("BEGIN").run();
  try {
    for (const migration of migrations) {
      const pending = last === undefined || Number(last.created_at) < migration.when;
      if (!pending) continue;
      for (const statement of migration.statements) sqlite.prepare(statement).run();
      sqlite
        .prepare(`INSERT INTO "${MIGRATIONS_TABLE}" ("hash", "created_at") VALUES(?, ?)`)
        .run(migration.hash, migration.when);
    }
    sqlite.prepare("COMMIT").run();
  } catch (error) {
    sqlite.prepare("ROLLBACK").run();
    throw error;
  }
}

/** Whether every committed migration is already applied: the usual case, checked without writing. */
export function isMigrated(sqlite: Database.Database, migrationsFolder: string): boolean {
  return lastAppliedMigration(sqlite) >= committedMigrations(migrationsFolder).newest;
}

/** The `created_at` of the newest applied migration, as the migrator compares it. */
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
