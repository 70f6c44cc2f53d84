import { eq } from "drizzle-orm";
import { ormOf } from "./orm-of.js";
import { busyTimeoutOf, type RegistryDatabase } from "./registry-database.js";
import { accessTokens } from "./schema.js";
import { classifySqliteError } from "./sqlite-error.js";

/**
 * Records when a token was last used, in one attempt that gives up at once
 * while another process holds the lock: a request must not stall behind
 * another writer for a bookkeeping write. Whether it was written.
 */
export function touchLastUsed(db: RegistryDatabase, id: number, now: number): boolean {
  const busyTimeoutMs = busyTimeoutOf(db);
  db.pragma("busy_timeout = 0");
  try {
    ormOf(db).update(accessTokens).set({ lastUsedAt: now }).where(eq(accessTokens.id, id)).run();
    return true;
  } catch (error) {
    if (classifySqliteError(error) === "bug") throw error;
    return false;
  } finally {
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
  }
}
