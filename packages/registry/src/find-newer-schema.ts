import type Database from "better-sqlite3";
import { committedMigrations } from "./committed-migrations.js";

const MIGRATIONS_TABLE = "__drizzle_migrations";

/** The schema versions of a file written by a newer build, and of this build. */
export interface NewerSchema {
  /** How many migrations the file has had. */
  readonly fileVersion: number;
  /** How many migrations this build ships. */
  readonly buildVersion: number;
}

/**
 * Whether a newer build has migrated the file past what this build knows:
 * more migrations applied than this build ships, or one dated after this
 * build's newest. Comparing only the newest time (as drizzle's migrator does)
 * would count such a file as current and read it with the wrong schema.
 */
export function findNewerSchema(
  sqlite: Database.Database,
  migrationsFolder: string,
): NewerSchema | undefined {
  const statement = appliedMigrationsStatement(sqlite);
  if (statement === undefined) return undefined;
  const applied = statement.get() as { count: number; newest: number | null };
  const known = committedMigrations(migrationsFolder);
  const newer = applied.count > known.count || Number(applied.newest ?? 0) > known.newest;
  return newer ? { fileVersion: applied.count, buildVersion: known.count } : undefined;
}

// Prepared once per connection: every registry call runs it, and compiling it each time cost more than the read itself.
const statements = new WeakMap<Database.Database, Database.Statement>();

function appliedMigrationsStatement(sqlite: Database.Database): Database.Statement | undefined {
  const cached = statements.get(sqlite);
  if (cached !== undefined) return cached;
  const table = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
    .get(MIGRATIONS_TABLE);
  if (table === undefined) return undefined;
  const statement = sqlite.prepare(
    `SELECT count(*) AS count, max(created_at) AS newest FROM "${MIGRATIONS_TABLE}"`,
  );
  statements.set(sqlite, statement);
  return statement;
}
