import type Database from "better-sqlite3";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";

/** The drizzle handle on a registry file, with the raw connection under it. */
export type RegistryDatabase = BetterSQLite3Database & { $client: Database.Database };

/** How long a writer waits for another process's lock before giving up. */
export const BUSY_TIMEOUT_MS = 10_000;
