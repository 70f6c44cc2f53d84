import { readMigrationFiles } from "drizzle-orm/migrator";
import { describe, expect, it } from "vitest";
import { committedMigrations } from "./committed-migrations.js";
import { MIGRATIONS_FOLDER } from "./migrations-folder.js";
import { readMigrations } from "./read-migrations.js";

describe("reading the committed migrations without drizzle", () => {
  const byDrizzle = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });

  it("GIVEN the committed drizzle/ folder WHEN reading its migrations THEN statements, hashes and times equal drizzle's readMigrationFiles", () => {
    expect(readMigrations(MIGRATIONS_FOLDER)).toEqual(
      byDrizzle.map((migration) => ({
        statements: migration.sql,
        hash: migration.hash,
        when: migration.folderMillis,
      })),
    );
  });

  it("GIVEN the committed drizzle/ folder WHEN summarising it from the journal THEN count and newest time equal drizzle's", () => {
    expect(committedMigrations(MIGRATIONS_FOLDER)).toEqual({
      count: byDrizzle.length,
      newest: Math.max(...byDrizzle.map((migration) => migration.folderMillis)),
    });
  });
});
