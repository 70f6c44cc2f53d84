import type Database from "better-sqlite3";

/** The connection to a registry file. */
export type RegistryDatabase = Database.Database;

/** How long a writer waits for another process's lock before giving up. */
export const BUSY_TIMEOUT_MS = 10_000;
