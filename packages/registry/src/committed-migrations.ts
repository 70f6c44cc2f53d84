import { readJournal } from "./read-journal.js";

/** What this build knows of the schema: its migrations' count and the newest one's time. */
export interface CommittedMigrations {
  /** How many migrations this build ships: its schema version. */
  readonly count: number;
  /** The newest one's time, as drizzle's migrator records it in `created_at`. */
  readonly newest: number;
}

// The shipped migrations never change while the process runs; reads check against them on every call.
const known = new Map<string, CommittedMigrations>();

/** From the journal alone: whether a file is current needs neither the SQL files nor their hashes. */
export function committedMigrations(migrationsFolder: string): CommittedMigrations {
  const cached = known.get(migrationsFolder);
  if (cached !== undefined) return cached;
  const times = readJournal(migrationsFolder).map((entry) => entry.when);
  const summary = { count: times.length, newest: Math.max(...times) };
  known.set(migrationsFolder, summary);
  return summary;
}
