import { readMigrationFiles } from "drizzle-orm/migrator";

/** What this build knows of the schema: its migrations' count and the newest one's time. */
export interface CommittedMigrations {
  /** How many migrations this build ships: its schema version. */
  readonly count: number;
  /** The newest one's time, as drizzle's migrator records it in `created_at`. */
  readonly newest: number;
}

// The shipped migrations never change while the process runs; reads check against them on every call.
const known = new Map<string, CommittedMigrations>();

/** The migrations of `drizzle/`, read by drizzle's own reader once per process. */
export function committedMigrations(migrationsFolder: string): CommittedMigrations {
  const cached = known.get(migrationsFolder);
  if (cached !== undefined) return cached;
  const times = readMigrationFiles({ migrationsFolder }).map((migration) => migration.folderMillis);
  const summary = { count: times.length, newest: Math.max(...times) };
  known.set(migrationsFolder, summary);
  return summary;
}
