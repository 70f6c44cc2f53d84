import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openRegistry } from "./open-registry.js";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

const journal: unknown = JSON.parse(
  readFileSync(new URL("../drizzle/meta/_journal.json", import.meta.url), "utf8"),
);
const committedMigrations =
  typeof journal === "object" &&
  journal !== null &&
  "entries" in journal &&
  Array.isArray(journal.entries)
    ? journal.entries.length
    : Number.NaN;

function appliedMigrations(file: string): number {
  const sqlite = new Database(file, { readonly: true });
  try {
    return Number(sqlite.prepare("SELECT count(*) FROM __drizzle_migrations").pluck().get());
  } finally {
    sqlite.close();
  }
}

describe("openRegistry", () => {
  const { tempDir, openTestRegistry, freshRegistry } = useRegistrySandbox();

  function expectUnreadableAndUntouched(file: string): void {
    const before = readFileSync(file);
    const result = openRegistry({ path: file, env: {} });

    expect(result).toMatchObject({ ok: false, code: "registry_unreadable" });
    expect(result.ok ? "" : result.error).toContain(file);
    expect(readFileSync(file).equals(before)).toBe(true);
  }

  it("GIVEN XDG_DATA_HOME pointing at a missing directory WHEN opening without a path THEN the file is created under openspec-agent/", () => {
    const root = tempDir();
    const result = openRegistry({ env: { XDG_DATA_HOME: join(root, "data") }, home: root });

    const { registry } = expectOk(result);
    registry.close();

    expect(registry.path).toBe(join(root, "data", "openspec-agent", "registry.db"));
    expect(appliedMigrations(registry.path)).toBe(committedMigrations);
  });

  it("GIVEN no registry yet WHEN it is created with a source in it THEN its folder is 0700 and the file and its -wal and -shm files are 0600, whatever the umask", () => {
    const root = tempDir();
    const previous = process.umask(0o022);
    try {
      const { registry } = expectOk(
        openRegistry({ env: { XDG_DATA_HOME: join(root, "data") }, home: root }),
      );
      expectOk(registry.add({ path: makeDir(root, "repo"), name: "repo" }));
      const modes = [registry.path, `${registry.path}-wal`, `${registry.path}-shm`].map(
        (file) => statSync(file).mode & 0o777,
      );
      registry.close();

      expect(statSync(join(root, "data", "openspec-agent")).mode & 0o777).toBe(0o700);
      expect(statSync(join(root, "data")).mode & 0o777).toBe(0o700);
      expect(modes).toEqual([0o600, 0o600, 0o600]);
    } finally {
      process.umask(previous);
    }
  });

  it("GIVEN a registry folder and file the user made readable to others WHEN opening THEN their modes are left as they are", () => {
    const root = tempDir();
    const folder = join(root, "shared");
    mkdirSync(folder, { mode: 0o755 });
    chmodSync(folder, 0o755);
    const file = join(folder, "registry.db");
    writeFileSync(file, "");
    chmodSync(file, 0o644);

    expectOk(openRegistry({ path: file, env: {} })).registry.close();

    expect(statSync(folder).mode & 0o777).toBe(0o755);
    expect(statSync(file).mode & 0o777).toBe(0o644);
  });

  it("GIVEN OPENSPEC_AGENT_DB and an explicit path WHEN opening THEN the explicit path wins, else the variable, resolved against cwd", () => {
    const root = tempDir();
    const env = { OPENSPEC_AGENT_DB: "from-env.db", XDG_DATA_HOME: join(root, "data") };

    const fromEnv = expectOk(openRegistry({ env, home: root, cwd: root })).registry;
    const explicit = expectOk(openRegistry({ path: "~/explicit.db", env, home: root })).registry;
    fromEnv.close();
    explicit.close();

    expect(fromEnv.path).toBe(join(root, "from-env.db"));
    expect(explicit.path).toBe(join(root, "explicit.db"));
  });

  it("GIVEN an empty file WHEN opening THEN it becomes a registry in WAL mode with every committed migration recorded", () => {
    const root = tempDir();
    const file = join(root, "registry.db");
    writeFileSync(file, "");

    expectOk(openRegistry({ path: file })).registry.close();

    const sqlite = new Database(file, { readonly: true });
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    sqlite.close();
    expect(appliedMigrations(file)).toBe(committedMigrations);
  });

  it("GIVEN a current registry with a source WHEN opening it again THEN no migration runs twice and the source is kept", () => {
    const root = tempDir();
    const { source } = expectOk(openTestRegistry(root).add({ path: makeDir(root, "api") }));

    const reopened = openTestRegistry(root);

    expect(expectOk(reopened.list()).sources).toEqual([source]);
    expect(appliedMigrations(reopened.path)).toBe(committedMigrations);
  });

  it("GIVEN a text file at the path WHEN opening THEN fails with registry_unreadable naming the file and leaves it byte-identical", () => {
    const file = join(tempDir(), "registry.db");
    writeFileSync(file, "these are my notes, not a database\n".repeat(200));

    expectUnreadableAndUntouched(file);
  });

  it("GIVEN a registry whose pages were overwritten WHEN opening THEN fails with registry_unreadable and leaves it byte-identical", () => {
    const { root, registry } = freshRegistry();
    for (let index = 0; index < 40; index++) {
      expectOk(registry.add({ path: makeDir(root, `repo-${index}`) }));
    }
    registry.close();
    const bytes = readFileSync(registry.path);
    bytes.fill(0xa5, 4096);
    writeFileSync(registry.path, bytes);

    expectUnreadableAndUntouched(registry.path);
  });

  it("GIVEN another program's SQLite database at the path WHEN opening THEN fails with registry_unreadable and adds no tables to it", () => {
    const file = join(tempDir(), "openspec.db");
    const other = new Database(file);
    other.exec("CREATE TABLE openspec_sources(token TEXT PRIMARY KEY, path TEXT NOT NULL)");
    other.close();

    expectUnreadableAndUntouched(file);
  });

  it("GIVEN a directory at the path WHEN opening THEN fails with registry_unreadable naming it", () => {
    const dir = makeDir(tempDir(), "registry.db");

    const result = openRegistry({ path: dir });

    expect(result).toMatchObject({ ok: false, code: "registry_unreadable" });
    expect(result.ok ? "" : result.error).toContain(dir);
  });

  it("GIVEN an open registry WHEN closing it twice THEN nothing happens the second time", () => {
    const { registry } = freshRegistry();

    registry.close();

    expect(() => registry.close()).not.toThrow();
  });
});
