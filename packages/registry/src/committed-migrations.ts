import { createRequire } from "node:module";
import type * as Migrator from "drizzle-orm/migrator";

/** What this build knows of the schema: its migrations' count and the newest one's time. */
export interface CommittedMigrations {
  /** How many migrations this build ships: its schema version. */
  readonly count: number;
  /** The newest one's time, as drizzle's migrator records it in `created_at`. */
  readonly newest: number;
}

// The shipped migrations never change while the process runs; reads check against them on every call.
const known = new Map<string, CommittedMigrations>();

/**
 * drizzle's migration reader, loaded when the migrations are first read (with
 * the first registry file opened), not with the package: it loads node:crypto,
 * which a host that answers before it touches the registry does not need. It is
 * loaded with `require()`: a bundle's own, which esbuild turns into running the
 * bundled module on first use, or else Node's (drizzle ships CommonJS too).
 */
function migrator(): typeof Migrator {
  return (
    typeof require === "function"
      ? require("drizzle-orm/migrator")
      : createRequire(import.meta.url)("drizzle-orm/migrator")
  ) as typeof Migrator;
}

/** The migrations of `drizzle/`, read by drizzle's own reader once per process. */
export function committedMigrations(migrationsFolder: string): CommittedMigrations {
  const cached = known.get(migrationsFolder);
  if (cached !== undefined) return cached;
  const times = migrator()
    .readMigrationFiles({ migrationsFolder })
    .map((migration) => migration.folderMillis);
  const summary = { count: times.length, newest: Math.max(...times) };
  known.set(migrationsFolder, summary);
  return summary;
}
