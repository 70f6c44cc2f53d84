import { appliedMigrations } from "./applied-migrations.js";
import { committedMigrations } from "./committed-migrations.js";
import type { RegistryDatabase } from "./registry-database.js";

/** Whether every committed migration is already applied: the usual case, checked without writing. */
export function isMigrated(db: RegistryDatabase, migrationsFolder: string): boolean {
  return newestApplied(db) >= committedMigrations(migrationsFolder).newest;
}

/** The newest applied migration's time, as drizzle's migrator compares it. */
export function newestApplied(db: RegistryDatabase): number {
  return appliedMigrations(db)?.newest ?? Number.NEGATIVE_INFINITY;
}
