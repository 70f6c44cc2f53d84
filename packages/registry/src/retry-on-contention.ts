import { busyTimeoutOf, type RegistryDatabase } from "./registry-database.js";
import { sleepSync } from "./sleep-sync.js";
import { sqliteDriver } from "./sqlite-driver.js";

/** What one attempt reports: done with a value, or lost a race and worth another try. */
export type Attempt<T> = { readonly done: true; readonly value: T } | { readonly done: false };

/**
 * Repeats `attempt` with a short random pause while it loses races against
 * other processes. SQLite's busy handler does not cover everything (switching
 * a fresh file to WAL, two processes migrating it at once), so those steps
 * retry here, within the same budget as the connection's busy timeout.
 */
export function retryOnContention<T>(db: RegistryDatabase, attempt: () => Attempt<T>): T {
  const deadline = Date.now() + busyTimeoutOf(db);
  for (;;) {
    const outcome = attempt();
    if (outcome.done) return outcome.value;
    if (Date.now() >= deadline) {
      throw new (sqliteDriver().SqliteError)("the registry file stayed locked", "SQLITE_BUSY");
    }
    sleepSync(5 + Math.random() * 20);
  }
}
