import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { applyMigrations } from "./apply-migrations.js";
import { MIGRATIONS_FOLDER } from "./migrations-folder.js";
import { useTempDirs } from "./test-support/temp-dir.js";

/** A copy of the committed migrations that stops after the first one: a file of an older build. */
function firstMigrationOnly(folder: string): string {
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalFile = join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: unknown[] };
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
  return folder;
}

/** Everything a migrator leaves in a file: the schema (whitespace aside) and its own records. */
function migratedState(file: string) {
  const sqlite = new Database(file, { readonly: true });
  try {
    const schema = sqlite
      .prepare<[], { type: string; name: string; sql: string | null }>(
        "SELECT type, name, sql FROM sqlite_master ORDER BY name",
      )
      .all()
      .map((entry) => ({ ...entry, sql: entry.sql?.replace(/\s+/g, "").trim() }));
    const applied = sqlite.prepare("SELECT * FROM __drizzle_migrations ORDER BY created_at").all();
    return { schema, applied };
  } finally {
    sqlite.close();
  }
}

function migrateWith(file: string, run: (sqlite: Database.Database) => void): void {
  const sqlite = new Database(file);
  try {
    run(sqlite);
  } finally {
    sqlite.close();
  }
}

describe("applyMigrations", () => {
  const tempDir = useTempDirs();
  const byDrizzle = (folder: string) => (sqlite: Database.Database) =>
    migrate(drizzle({ client: sqlite }), { migrationsFolder: folder });
  const byRegistry = (folder: string) => (sqlite: Database.Database) =>
    applyMigrations(sqlite, folder);

  it("GIVEN an empty file WHEN migrating it THEN it holds what drizzle's migrator makes of one", () => {
    const dir = tempDir();
    migrateWith(join(dir, "drizzle.db"), byDrizzle(MIGRATIONS_FOLDER));
    migrateWith(join(dir, "registry.db"), byRegistry(MIGRATIONS_FOLDER));

    expect(migratedState(join(dir, "registry.db"))).toEqual(migratedState(join(dir, "drizzle.db")));
  });

  it("GIVEN a file an older build migrated WHEN migrating it THEN only the newer migrations run, as drizzle's migrator runs them", () => {
    const dir = tempDir();
    const older = firstMigrationOnly(join(dir, "older"));
    for (const name of ["drizzle.db", "registry.db"])
      migrateWith(join(dir, name), byDrizzle(older));
    migrateWith(join(dir, "drizzle.db"), byDrizzle(MIGRATIONS_FOLDER));
    migrateWith(join(dir, "registry.db"), byRegistry(MIGRATIONS_FOLDER));

    const state = migratedState(join(dir, "registry.db"));
    expect(state).toEqual(migratedState(join(dir, "drizzle.db")));
    expect(state.applied).toHaveLength(readMigrationCount());
  });
});

function readMigrationCount(): number {
  const journal = JSON.parse(
    readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  return journal.entries.length;
}
