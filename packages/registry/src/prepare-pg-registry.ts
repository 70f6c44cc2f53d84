import { sql } from "drizzle-orm";
import { committedMigrations } from "./committed-migrations.js";
import { tooNewRegistry } from "./database-failure.js";
import { PG_MIGRATIONS_FOLDER } from "./pg-migrations-folder.js";
import type { PgRegistryDatabase } from "./pg-registry-database.js";
import { postgresFailure } from "./postgres-failure.js";
import type { RegistryFailure } from "./registry-failure.js";

export interface PreparePgRegistryInput {
  readonly db: PgRegistryDatabase;
  readonly location: string;
  readonly busyTimeoutMs: number;
  /** drizzle's migrator for this driver, applying PG_MIGRATIONS_FOLDER. */
  readonly migrate: () => Promise<void>;
  /**
   * Runs `work` while this process holds the registry's migration lock, so two
   * replicas starting at once do not both create the tables: a session-level
   * advisory lock on a connection of its own.
   */
  readonly withMigrationLock: <T>(work: () => Promise<T>) => Promise<T>;
}

/**
 * Brings the database up to the committed migrations, unless a newer build
 * has migrated it beyond them (`registry_too_new`, nothing written). drizzle
 * keeps its records in `drizzle.__drizzle_migrations`; the schema version is
 * their count, as on SQLite. The check is made when the registry is opened:
 * a server keeps its pool, and a per-call check would cost a round trip.
 */
export async function preparePgRegistry(
  input: PreparePgRegistryInput,
): Promise<{ readonly ok: true } | RegistryFailure> {
  const { db, location, busyTimeoutMs } = input;
  try {
    return await input.withMigrationLock(async () => {
      const known = committedMigrations(PG_MIGRATIONS_FOLDER);
      const applied = await appliedPgMigrations(db);
      if (applied !== undefined && (applied.count > known.count || applied.newest > known.newest)) {
        return tooNewRegistry(location, { fileVersion: applied.count, buildVersion: known.count });
      }
      if (applied === undefined || applied.count < known.count) await input.migrate();
      return { ok: true as const };
    });
  } catch (error) {
    return postgresFailure(location, error, busyTimeoutMs);
  }
}

async function appliedPgMigrations(
  db: PgRegistryDatabase,
): Promise<{ count: number; newest: number } | undefined> {
  // node-postgres and PGlite both answer with `rows`.
  const exists = (await db.execute(
    sql`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS found`,
  )) as unknown as { rows: { found: string | null }[] };
  if (exists.rows[0]?.found == null) return undefined;
  const applied = (await db.execute(
    sql`SELECT count(*)::int AS count, max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { count: number; newest: string | null }[] };
  const row = applied.rows[0];
  if (row === undefined || row.newest === null) return undefined;
  return { count: Number(row.count), newest: Number(row.newest) };
}
