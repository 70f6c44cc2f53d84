import { createHash } from "node:crypto";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";
import { createAccessToken } from "./create-access-token.js";
import { MIGRATIONS_FOLDER } from "./migrations-folder.js";
import { openRegistry } from "./open-registry.js";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir, useTempDirs } from "./test-support/temp-dir.js";

// Derived from the committed migrations, so adding one does not break these scenarios.
const shipped = (
  JSON.parse(readFileSync(new URL("../drizzle/meta/_journal.json", import.meta.url), "utf8")) as {
    entries: unknown[];
  }
).entries.length;

const hashOf = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

/** Records a migration the way a newer build's drizzle migrator would. */
function recordMigration(file: string, createdAt: (newest: number) => number): void {
  const sqlite = new Database(file);
  try {
    const newest = sqlite
      .prepare("SELECT max(created_at) FROM __drizzle_migrations")
      .pluck()
      .get() as number;
    sqlite
      .prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)")
      .run("a-migration-this-build-does-not-know", createdAt(newest));
  } finally {
    sqlite.close();
  }
}

describe("a registry written by a newer build", () => {
  const { freshRegistry } = useRegistrySandbox();

  it.each([
    ["dated after this build's newest", (newest: number) => newest + 86_400_000],
    ["beyond this build's count, dated the same", (newest: number) => newest],
  ])(
    "GIVEN a file with one more migration %s WHEN opening it THEN it fails with registry_too_new naming both versions and the file stays byte-identical",
    (_, createdAt) => {
      const { root, registry } = freshRegistry();
      expectOk(registry.add({ path: makeDir(root, "api") }));
      const file = registry.path;
      registry.close();
      recordMigration(file, createdAt);
      const before = hashOf(file);

      const result = openRegistry({ path: file, env: {}, home: root, cwd: root });

      expect(result).toMatchObject({ ok: false, code: "registry_too_new" });
      const message = result.ok ? "" : result.error;
      expect(message).toContain(`schema version ${shipped + 1}`);
      expect(message).toContain(`up to version ${shipped}`);
      expect(message).toMatch(/upgrade openspec-agent/);
      expect(hashOf(file)).toBe(before);
    },
  );

  it("GIVEN a registry a host keeps open WHEN a newer build migrates the file meanwhile THEN list, resolve, add and addAsync answer registry_too_new and nothing is written", async () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "api") }));
    recordMigration(registry.path, (newest) => newest + 1);

    const answers = [
      registry.list(),
      registry.resolve("api"),
      registry.add({ path: makeDir(root, "web") }),
      await registry.addAsync({ path: makeDir(root, "docs") }),
    ];

    for (const answer of answers)
      expect(answer).toMatchObject({ ok: false, code: "registry_too_new" });
    registry.close();
    const sqlite = new Database(join(root, "registry.db"), { readonly: true });
    const paths = sqlite.prepare("SELECT path FROM sources").pluck().all();
    sqlite.close();
    expect(paths).toEqual([join(root, "api")]);
  });

  it("GIVEN a file of this build WHEN opening it again THEN it opens", () => {
    const { root, registry } = freshRegistry();
    registry.close();

    expect(openRegistry({ path: join(root, "registry.db"), env: {} })).toMatchObject({ ok: true });
  });
});

/** A file as the first build left it: only the first migration applied, and one source in it. */
function firstBuildRegistry(root: string, sourcePath: string): string {
  const migrations = join(root, "first-build-migrations");
  cpSync(MIGRATIONS_FOLDER, migrations, { recursive: true });
  const journalFile = join(migrations, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: unknown[] };
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, 1) }));
  const file = join(root, "registry.db");
  const sqlite = new Database(file);
  try {
    sqlite.pragma("journal_mode = WAL");
    migrate(drizzle({ client: sqlite }), { migrationsFolder: migrations });
    sqlite
      .prepare(
        "INSERT INTO sources (token, name, path, lookup_key, created_at, updated_at) VALUES ('os_0a0b0c', 'billing', ?, 'billing', 1700000000000, 1700000000000)",
      )
      .run(sourcePath);
  } finally {
    sqlite.close();
  }
  return file;
}

describe("a registry written by an older build", () => {
  const tempDir = useTempDirs();

  it("GIVEN a file with only the first migration and a source in it WHEN opening it THEN the later migrations run, the source keeps its token, and the newer tables work", () => {
    const root = tempDir();
    const file = firstBuildRegistry(root, makeDir(root, "billing"));

    const { registry } = expectOk(openRegistry({ path: file, env: {}, home: root, cwd: root }));

    try {
      expect(expectOk(registry.resolve("billing")).source).toMatchObject({
        token: "os_0a0b0c",
        path: join(root, "billing"),
        createdAt: new Date(1_700_000_000_000).toISOString(),
      });
      expect(expectOk(createAccessToken(registry, { name: "ci" })).token.name).toBe("ci");
    } finally {
      registry.close();
    }
    const sqlite = new Database(file, { readonly: true });
    const applied = sqlite.prepare("SELECT count(*) FROM __drizzle_migrations").pluck().get();
    sqlite.close();
    expect(applied).toBe(shipped);
  });
});
