import type { RegistryDatabase } from "./registry-database.js";

/**
 * A reading of SQLite's `data_version` for this connection: it changes when another connection
 * commits. A writer that lost the lock compares two readings to tell a moving lock (others kept
 * writing, so its turn will come) from a stuck one (nothing finished while it waited).
 * Undefined when the connection cannot say (closed, or the file went away).
 */
export function dataVersion(db: RegistryDatabase): number | undefined {
  try {
    return db.open ? Number(db.pragma("data_version", { simple: true })) : undefined;
  } catch {
    return undefined;
  }
}
