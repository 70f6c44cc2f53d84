import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { readJournal } from "./read-journal.js";

/** A committed migration, read as drizzle's readMigrationFiles reads it. */
export interface Migration {
  /** The file split at drizzle-kit's `--> statement-breakpoint` markers. */
  readonly statements: readonly string[];
  /** SHA-256 (hex) of the file, stored with it in `__drizzle_migrations`. */
  readonly hash: string;
  /** The journal's `when`, stored as `created_at`. */
  readonly when: number;
}

/** Every migration the journal lists, oldest first. */
export function readMigrations(migrationsFolder: string): Migration[] {
  return readJournal(migrationsFolder).map((entry) => {
    const text = readFileSync(join(migrationsFolder, `${entry.tag}.sql`), "utf8");
    return {
      statements: text.split("--> statement-breakpoint"),
      hash: createHash("sha256").update(text).digest("hex"),
      when: entry.when,
    };
  });
}
