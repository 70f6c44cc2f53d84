import type Database from "better-sqlite3";

/** The connection to a registry file. */
export type RegistryDatabase = Database.Database;

/** How long a writer waits for another process's lock with no other write finishing meanwhile. */
export const BUSY_TIMEOUT_MS = 10_000;

/**
 * How long a writer waits in all while other writes keep finishing: many writers on a loaded
 * machine can each take the lock before it, but a lock that keeps moving is not stuck.
 */
export const MOST_WAIT_WHILE_OTHERS_WRITE_MS = 120_000;
