import type Database from "better-sqlite3";

/** The connection to a registry file. */
export type RegistryDatabase = Database.Database;

/**
 * How long a writer waits for another process's lock with no other write finishing meanwhile,
 * unless the registry was opened with another `busyTimeoutMs`.
 */
export const BUSY_TIMEOUT_MS = 10_000;

/** The busy timeout a connection was opened with (SQLite keeps it per connection). */
export function busyTimeoutOf(db: RegistryDatabase): number {
  const value: unknown = db.pragma("busy_timeout", { simple: true });
  return typeof value === "number" ? value : BUSY_TIMEOUT_MS;
}

/**
 * How long a writer waits in all while other writes keep finishing: many writers on a loaded
 * machine can each take the lock before it, but a lock that keeps moving is not stuck.
 */
export const MOST_WAIT_WHILE_OTHERS_WRITE_MS = 120_000;
