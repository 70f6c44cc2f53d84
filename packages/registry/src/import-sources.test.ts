import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SourceToImport } from "./import-source-row.js";
import { importSources } from "./import-sources.js";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

describe("importSources", () => {
  const { tempDir, openTestRegistry, freshRegistry } = useRegistrySandbox();

  it("GIVEN another registry's named and unnamed source WHEN importing THEN tokens, names and creation times are kept", () => {
    const root = tempDir();
    const registry = openTestRegistry(root);

    const result = expectOk(
      importSources(registry, [
        {
          token: "os_a1b2c3",
          name: "billing",
          path: makeDir(root, "svc"),
          createdAt: 1_700_000_000_250,
        },
        {
          token: "os_d4e5f6",
          name: null,
          path: `${makeDir(root, "web")}/`,
          createdAt: 1_700_000_100_500,
        },
      ]),
    );

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
  });

  it("GIVEN imported sources WHEN importing them again THEN nothing is added and every row is skipped as already_imported", () => {
    const root = tempDir();
    const rows = [
      { token: "os_a1b2c3", name: "billing", path: makeDir(root, "svc"), createdAt: 1 },
    ];
    const registry = openTestRegistry(root);
    const first = expectOk(importSources(registry, rows));

    const second = expectOk(importSources(registry, rows));

    expect(second.imported).toEqual([]);
    expect(second.skipped).toMatchObject([{ token: "os_a1b2c3", code: "already_imported" }]);
    expect(expectOk(registry.list()).sources).toEqual(first.imported);
  });

  it("GIVEN rows that clash with the registry or are invalid WHEN importing THEN each is skipped with its code and reason, and the rest is imported", () => {
    const { root, registry } = freshRegistry();
    const taken = expectOk(registry.add({ path: makeDir(root, "taken"), name: "payments" })).source;
    const row = (token: string, name: string, path: string, createdAt: number): SourceToImport => ({
      token,
      name: name === "" ? null : name,
      path,
      createdAt,
    });
    const result = expectOk(
      importSources(registry, [
        row("os_000001", "", taken.path, 1),
        row(taken.token, "", makeDir(root, "elsewhere"), 2),
        row("os_000003", "PAYMENTS", makeDir(root, "pay"), 3),
        row("os_000004", "", join(root, "deleted"), 4),
        row("os_000005", "a/b", makeDir(root, "slash"), 5),
        row("token-7", "", makeDir(root, "odd-token"), 6),
        row("os_000007", "", "relative/dir", 7),
        row("os_000008", "docs", makeDir(root, "docs-one"), 8),
        row("os_000009", "Docs", makeDir(root, "docs-two"), 9),
      ]),
    );

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
});
