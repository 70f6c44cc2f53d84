import { appliedMigrations } from "./applied-migrations.js";
import { committedMigrations } from "./committed-migrations.js";
import type { RegistryDatabase } from "./registry-database.js";

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
  db: RegistryDatabase,
  migrationsFolder: string,
): NewerSchema | undefined {
  const applied = appliedMigrations(db);
  if (applied === undefined) return undefined;
  const known = committedMigrations(migrationsFolder);
  const newer = applied.count > known.count || applied.newest > known.newest;
  return newer ? { fileVersion: applied.count, buildVersion: known.count } : undefined;
}
