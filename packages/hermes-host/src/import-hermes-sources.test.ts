import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Catalog, createCatalog } from "@org/openspec-core";
import { isolatedEnvironment, removeTemporaryFolders } from "@org/test-kit";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { importHermesSources } from "./import-hermes-sources.js";

/** A row as the Python Hermes plugin stores it; `createdAt` in Unix seconds, as `time.time()` gives them. */
type HermesRow = { token: string; name: string; path: string; createdAt: number };

/** Writes `<HERMES_HOME>/openspec.db` with exactly the earlier plugin's schema. */
function createHermesDb(file: string, rows: readonly HermesRow[]): void {
  const hermes = new Database(file);
  try {
    hermes.exec(
      "CREATE TABLE openspec_sources(token TEXT PRIMARY KEY, name TEXT NOT NULL DEFAULT '', path TEXT NOT NULL, created_at REAL NOT NULL)",
    );
    const insert = hermes.prepare(
      "INSERT INTO openspec_sources (token, name, path, created_at) VALUES (?, ?, ?, ?)",
    );
    for (const row of rows) insert.run(row.token, row.name, row.path, row.createdAt);
  } finally {
    hermes.close();
  }
}

const catalogs: Catalog[] = [];
afterEach(() => {
  for (const catalog of catalogs.splice(0)) catalog.close();
  removeTemporaryFolders();
});

function userWithCatalog() {
  const { env, home } = isolatedEnvironment();
  const catalog = createCatalog({ env, home });
  catalogs.push(catalog);
  const folder = (name: string) => {
    const path = join(home, name);
    mkdirSync(path, { recursive: true });
    return path;
  };
  return { home, catalog, folder };
}

describe("importing the earlier Python Hermes plugin's sources", () => {
  it("GIVEN its openspec.db with a named and an unnamed source WHEN importing THEN tokens, names and creation times are kept, both resolve, and its file is untouched", async () => {
    const { home, catalog, folder } = userWithCatalog();
    const hermesFile = join(home, ".hermes", "openspec.db");
    mkdirSync(join(home, ".hermes"));
    createHermesDb(hermesFile, [
      { token: "os_a1b2c3", name: "billing", path: folder("svc"), createdAt: 1_700_000_000.25 },
      { token: "os_d4e5f6", name: "", path: `${folder("web")}/`, createdAt: 1_700_000_100.5 },
    ]);
    const hermesBytes = readFileSync(hermesFile);

    const result = await importHermesSources(catalog, hermesFile);

    expect(result).toMatchObject({
      ok: true,
      skipped: [],
      imported: [
        {
          token: "os_a1b2c3",
          name: "billing",
          path: join(home, "svc"),
          created_at: "2023-11-14T22:13:20.250Z",
        },
        {
          token: "os_d4e5f6",
          name: null,
          display_name: "web",
          path: join(home, "web"),
          created_at: "2023-11-14T22:15:00.500Z",
        },
      ],
    });
    const listed = await catalog.call("openspec_source_list", {});
    expect(listed).toMatchObject({
      ok: true,
      sources: [{ token: "os_a1b2c3" }, { token: "os_d4e5f6" }],
    });
    expect(readFileSync(hermesFile).equals(hermesBytes)).toBe(true);

    const again = await importHermesSources(catalog, hermesFile);
    expect(again).toMatchObject({
      ok: true,
      imported: [],
      skipped: [
        { token: "os_a1b2c3", code: "already_imported" },
        { token: "os_d4e5f6", code: "already_imported" },
      ],
    });
  });

  it.each([
    ["missing", (home: string) => join(home, "absent.db")],
    [
      "not a database",
      (home: string) => {
        const file = join(home, "openspec.db");
        writeFileSync(file, "not sqlite at all\n".repeat(100));
        return file;
      },
    ],
    [
      "a database without openspec_sources",
      (home: string) => {
        const file = join(home, "other.db");
        new Database(file).exec("CREATE TABLE other(id INTEGER)");
        return file;
      },
    ],
  ])(
    "GIVEN a file that is %s WHEN importing THEN fails with hermes_db_unreadable naming the file, and nothing is registered",
    async (_, makeHermesFile) => {
      const { home, catalog } = userWithCatalog();
      const hermesFile = makeHermesFile(home);

      const result = await importHermesSources(catalog, hermesFile);

      expect(result).toMatchObject({ ok: false, code: "hermes_db_unreadable" });
      expect(result.ok ? "" : result.error).toContain(hermesFile);
      expect(await catalog.call("openspec_source_list", {})).toMatchObject({
        ok: true,
        sources: [],
      });
    },
  );

  it("GIVEN a relative path WHEN importing THEN fails with invalid_path and reads nothing", async () => {
    const { catalog } = userWithCatalog();

    const result = await importHermesSources(catalog, "openspec.db");

    expect(result).toMatchObject({ ok: false, code: "invalid_path" });
  });
});
