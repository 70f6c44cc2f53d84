import type Database from "better-sqlite3";
import type { RegistryDatabase } from "./registry-database.js";

/** What a file has had: how many migrations, and the newest one's time as the migrator compares it. */
export interface AppliedMigrations {
  readonly count: number;
  readonly newest: number;
}

// Prepared once per connection: every registry call runs it, and compiling it each time cost more than the read itself.
const statements = new WeakMap<RegistryDatabase, Database.Statement>();

/**
 * The file's migrations from the records drizzle's migrator keeps in
 * `__drizzle_migrations`, or undefined before the first one. A read that
 * every call makes, so it is plain SQL (see "drizzle on the paths that write"
 * in the README).
 */
export function appliedMigrations(db: RegistryDatabase): AppliedMigrations | undefined {
  const statement = statements.get(db) ?? prepareStatement(db);
  const applied = statement?.get() as { count: number; newest: number | null } | undefined;
  if (applied === undefined || applied.newest === null) return undefined;
  return { count: applied.count, newest: Number(applied.newest) };
}

function prepareStatement(db: RegistryDatabase): Database.Statement | undefined {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'")
    .get();
  if (table === undefined) return undefined;
  const statement = db.prepare(
    "SELECT count(*) AS count, max(created_at) AS newest FROM __drizzle_migrations",
  );
  statements.set(db, statement);
  return statement;
}
