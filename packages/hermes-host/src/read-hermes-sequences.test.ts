import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { readHermesSequences } from "./read-hermes-sequences.js";

afterAll(removeTemporaryFolders);

function database(tableSql: string | null, inserts: string[] = []): string {
  const file = join(temporaryFolder("hermes-"), "openspec.db");
  const db = new Database(file);
  db.exec("CREATE TABLE openspec_sources(token TEXT, name TEXT, path TEXT, created_at REAL)");
  if (tableSql !== null) db.exec(tableSql);
  for (const sql of inserts) db.exec(sql);
  db.close();
  return file;
}

describe("readHermesSequences", () => {
  it("GIVEN the plugin's change_sequence table WHEN read THEN each row gives its source token, change, group, position and dependencies, in order", () => {
    const file = database(
      "CREATE TABLE change_sequence(source_id TEXT, change_name TEXT, group_id TEXT NOT NULL DEFAULT 'default', position INTEGER, depends_on TEXT NOT NULL DEFAULT '[]', first_seen_at REAL, updated_at REAL)",
      [
        `INSERT INTO change_sequence VALUES ('os_1', 'final', 'poc', 2, '["first"]', 1, 1)`,
        `INSERT INTO change_sequence VALUES ('os_1', 'first', 'poc', 1, '[]', 1, 1)`,
        `INSERT INTO change_sequence VALUES ('os_1', 'odd', 'poc', 3, 'not json', 1, 1)`,
      ],
    );
    expect(readHermesSequences(file)).toEqual({
      ok: true,
      rows: [
        { sourceToken: "os_1", change: "first", group: "poc", position: 1, dependsOn: [] },
        { sourceToken: "os_1", change: "final", group: "poc", position: 2, dependsOn: ["first"] },
        { sourceToken: "os_1", change: "odd", group: "poc", position: 3, dependsOn: [] },
      ],
    });
  });

  it("GIVEN an older table without groups or dependencies, or none at all WHEN read THEN rows read as the default group without dependencies, or there are none", () => {
    const older = database(
      "CREATE TABLE change_sequence(source_id TEXT, change_name TEXT, position INTEGER, first_seen_at REAL, updated_at REAL)",
      ["INSERT INTO change_sequence VALUES ('os_1', 'first', 1, 1, 1)"],
    );
    expect(readHermesSequences(older)).toMatchObject({
      ok: true,
      rows: [{ change: "first", group: "default", dependsOn: [] }],
    });
    expect(readHermesSequences(database(null))).toEqual({ ok: true, rows: [] });
  });
});
