import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importFromHermesOpenspecDb } from "./import-from-hermes-openspec-db.js";
import { createHermesDb } from "./test-support/hermes-db.js";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

describe("importFromHermesOpenspecDb", () => {
  const { tempDir, openTestRegistry, freshRegistry } = useRegistrySandbox();

  it("GIVEN a Hermes database with a named and an unnamed source WHEN importing THEN tokens, names and creation times are kept and the Hermes file is untouched", () => {
    const root = tempDir();
    const hermesFile = join(root, "openspec.db");
    createHermesDb(hermesFile, [
      {
        token: "os_a1b2c3",
        name: "billing",
        path: makeDir(root, "svc"),
        createdAt: 1_700_000_000.25,
      },
      {
        token: "os_d4e5f6",
        name: "",
        path: `${makeDir(root, "web")}/`,
        createdAt: 1_700_000_100.5,
      },
    ]);
    const hermesBytes = readFileSync(hermesFile);
    const registry = openTestRegistry(root);

    const result = expectOk(importFromHermesOpenspecDb(registry, hermesFile));

    expect(result.skipped).toEqual([]);
    expect(result.imported).toMatchObject([
      {
        token: "os_a1b2c3",
        name: "billing",
        path: join(root, "svc"),
        createdAt: "2023-11-14T22:13:20.250Z",
      },
      {
        token: "os_d4e5f6",
        name: null,
        path: join(root, "web"),
        createdAt: "2023-11-14T22:15:00.500Z",
      },
    ]);
    expect(expectOk(registry.list()).sources).toEqual(result.imported);
    expect(expectOk(registry.resolve("os_d4e5f6")).source.displayName).toBe("web");
    expect(readFileSync(hermesFile).equals(hermesBytes)).toBe(true);
  });

  it("GIVEN an imported Hermes database WHEN importing it again THEN nothing is added and every row is skipped as already_imported", () => {
    const root = tempDir();
    const hermesFile = join(root, "openspec.db");
    createHermesDb(hermesFile, [
      { token: "os_a1b2c3", name: "billing", path: makeDir(root, "svc"), createdAt: 1_700_000_000 },
    ]);
    const registry = openTestRegistry(root);
    const first = expectOk(importFromHermesOpenspecDb(registry, hermesFile));

    const second = expectOk(importFromHermesOpenspecDb(registry, hermesFile));

    expect(second.imported).toEqual([]);
    expect(second.skipped).toMatchObject([{ token: "os_a1b2c3", code: "already_imported" }]);
    expect(expectOk(registry.list()).sources).toEqual(first.imported);
  });

  it("GIVEN Hermes rows that clash with the registry or are invalid WHEN importing THEN each is skipped with its code and reason, and the rest is imported", () => {
    const { root, registry } = freshRegistry();
    const taken = expectOk(registry.add({ path: makeDir(root, "taken"), name: "payments" })).source;
    const hermesFile = join(root, "openspec.db");
    const row = (token: string, name: string, path: string, createdAt: number) => ({
      token,
      name,
      path,
      createdAt,
    });
    createHermesDb(hermesFile, [
      row("os_000001", "", taken.path, 1),
      row(taken.token, "", makeDir(root, "elsewhere"), 2),
      row("os_000003", "PAYMENTS", makeDir(root, "pay"), 3),
      row("os_000004", "", join(root, "deleted"), 4),
      row("os_000005", "a/b", makeDir(root, "slash"), 5),
      row("token-7", "", makeDir(root, "odd-token"), 6),
      row("os_000007", "", "relative/dir", 7),
      row("os_000008", "docs", makeDir(root, "docs-one"), 8),
      row("os_000009", "Docs", makeDir(root, "docs-two"), 9),
    ]);

    const result = expectOk(importFromHermesOpenspecDb(registry, hermesFile));

    expect(result.skipped.map(({ token, code }) => [token, code])).toEqual([
      ["os_000001", "duplicate_source_path"],
      [taken.token, "duplicate_source_token"],
      ["os_000003", "duplicate_source_name"],
      ["os_000004", "invalid_path"],
      ["os_000005", "invalid_name"],
      ["token-7", "invalid_token"],
      ["os_000007", "invalid_path"],
      ["os_000009", "duplicate_source_name"],
    ]);
    for (const skipped of result.skipped) expect(skipped.reason).toMatch(/\S\.$/);
    expect(result.imported.map((source) => source.token)).toEqual(["os_000008"]);
  });

  it.each([
    ["missing", (root: string) => join(root, "absent.db")],
    [
      "not a database",
      (root: string) => {
        const file = join(root, "openspec.db");
        writeFileSync(file, "not sqlite at all\n".repeat(100));
        return file;
      },
    ],
    [
      "a database without openspec_sources",
      (root: string) => {
        const file = join(root, "other.db");
        openTestRegistry(root, file);
        return file;
      },
    ],
  ])(
    "GIVEN a Hermes database that is %s WHEN importing THEN fails with hermes_db_unreadable naming the file",
    (_, makeHermesFile) => {
      const root = tempDir();
      const hermesFile = makeHermesFile(root);
      const registry = openTestRegistry(root);

      const result = importFromHermesOpenspecDb(registry, hermesFile);

      expect(result).toMatchObject({ ok: false, code: "hermes_db_unreadable" });
      expect(result.ok ? "" : result.error).toContain(hermesFile);
      expect(expectOk(registry.list()).sources).toEqual([]);
    },
  );
});
