import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

describe("registry.add", () => {
  const { tempDir, openTestRegistry, freshRegistry } = useRegistrySandbox();

  it("GIVEN a directory without openspec/ WHEN adding it without a name THEN it is stored with a fresh token, its basename as display name and ISO times", () => {
    const root = tempDir();
    const repo = makeDir(root, "repos/billing");
    const registry = openTestRegistry(root);

    const { source } = expectOk(registry.add({ path: repo }));

    expect(source.token).toMatch(/^os_[0-9a-f]{6}$/);
    expect(source).toMatchObject({ name: null, path: repo, displayName: "billing" });
    expect(new Date(source.createdAt).toISOString()).toBe(source.createdAt);
    expect(source.updatedAt).toBe(source.createdAt);
    expect(expectOk(registry.list()).sources).toEqual([source]);
  });

  it("GIVEN a vanity name WHEN adding THEN the name is the display name", () => {
    const { root, registry } = freshRegistry();

    const { source } = expectOk(registry.add({ path: makeDir(root, "billing"), name: "Payments" }));

    expect(source).toMatchObject({ name: "Payments", displayName: "Payments" });
  });

  it.each([
    ["a trailing slash", "repos/api/", "repos/api"],
    ["a relative path with dot segments", "./repos/x/../api", "repos/api"],
    ["a home-relative path", "~/repos/api", "repos/api"],
  ])("GIVEN %s WHEN adding THEN the stored path is absolute and normalized", (_, input, stored) => {
    const root = tempDir();
    makeDir(root, "repos/api");
    makeDir(root, "repos/x");
    const registry = openTestRegistry(root);

    const { source } = expectOk(registry.add({ path: input }));

    expect(source.path).toBe(join(root, stored));
  });

  it("GIVEN a symlink to a directory WHEN adding it THEN the link path is kept as given", () => {
    const root = tempDir();
    const target = makeDir(root, "real");
    symlinkSync(target, join(root, "link"));
    const registry = openTestRegistry(root);

    expect(expectOk(registry.add({ path: join(root, "link") })).source.path).toBe(
      join(root, "link"),
    );
  });

  it.each([
    ["an empty path", () => ""],
    ["a blank path", () => "   "],
    ["a path with a NUL byte", (root: string) => `${root}/a\0b`],
    ["a missing directory", (root: string) => join(root, "missing")],
    ["a path below a file", (root: string) => join(root, "file.txt", "sub")],
    ["a file", (root: string) => join(root, "file.txt")],
  ])("GIVEN %s WHEN adding THEN it fails with invalid_path and stores nothing", (_, pathIn) => {
    const root = tempDir();
    writeFileSync(join(root, "file.txt"), "not a directory");
    const registry = openTestRegistry(root);

    const result = registry.add({ path: pathIn(root) });

    expect(result).toMatchObject({ ok: false, code: "invalid_path" });
    expect(expectOk(registry.list()).sources).toEqual([]);
  });

  it("GIVEN a registered path WHEN adding it again spelled differently THEN it fails with duplicate_source_path naming the owner", () => {
    const root = tempDir();
    const repo = makeDir(root, "api");
    const registry = openTestRegistry(root);
    const { source } = expectOk(registry.add({ path: repo, name: "first" }));

    const result = registry.add({ path: `${repo}/`, name: "second" });

    expect(result).toMatchObject({
      ok: false,
      code: "duplicate_source_path",
      candidates: [source],
    });
    expect(result.ok ? "" : result.error).toContain(source.token);
  });

  it.each([
    ["a source named Api", { path: "one", name: "Api" }, "API"],
    ["an unnamed source at .../web, which 'web' resolves to,", { path: "web" }, "Web"],
  ])(
    "GIVEN %s WHEN adding another source named %s THEN it fails with duplicate_source_name",
    (_, first, name) => {
      const root = tempDir();
      const registry = openTestRegistry(root);
      const { source } = expectOk(registry.add({ ...first, path: makeDir(root, first.path) }));

      const result = registry.add({ path: makeDir(root, "other"), name });

      expect(result).toMatchObject({
        ok: false,
        code: "duplicate_source_name",
        candidates: [source],
      });
    },
  );

  it("GIVEN a source named web WHEN adding an unnamed source whose basename is web THEN it is added and 'web' still resolves to the named one", () => {
    const { root, registry } = freshRegistry();
    const named = expectOk(registry.add({ path: makeDir(root, "frontend"), name: "web" })).source;

    expectOk(registry.add({ path: makeDir(root, "web") }));

    expect(expectOk(registry.resolve("web")).source).toEqual(named);
  });

  it("GIVEN an invalid vanity name WHEN adding THEN it fails with invalid_name and stores nothing", () => {
    const { root, registry } = freshRegistry();

    const result = registry.add({ path: makeDir(root, "api"), name: "team/api" });

    expect(result).toMatchObject({ ok: false, code: "invalid_name" });
    expect(expectOk(registry.list()).sources).toEqual([]);
  });

  it("GIVEN three sources added in turn WHEN listing THEN they come oldest first", () => {
    const { root, registry } = freshRegistry();
    const names = ["zeta", "alpha", "mid"];
    for (const name of names) expectOk(registry.add({ path: makeDir(root, name) }));

    expect(expectOk(registry.list()).sources.map((source) => source.displayName)).toEqual(names);
  });
});
