import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { newestApplied } from "./is-migrated.js";
import { ormOf } from "./orm-of.js";
import type { RegistryDatabase } from "./registry-database.js";
import { retryOnContention } from "./retry-on-contention.js";
import { classifySqliteError } from "./sqlite-error.js";

/**
 * Brings the file up to the committed migrations with drizzle's migrator.
 * It reads the applied state before it takes the write lock, so when several
 * processes open a brand-new file at once all but one fail (busy, or "table
 * already exists"); they roll back, see the winner's work, and retry.
 */
export function applyMigrations(db: RegistryDatabase, migrationsFolder: string): void {
  retryOnContention(db, () => {
    const before = newestApplied(db);
    try {
      migrate(ormOf(db), { migrationsFolder });
      return { done: true, value: undefined };
    } catch (error) {
      if (db.inTransaction) db.exec("ROLLBACK");
      const lostRace = classifySqliteError(error) === "busy" || newestApplied(db) !== before;
      if (lostRace) return { done: false };
      throw error;
    }
  });
}
