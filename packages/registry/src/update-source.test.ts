import { describe, expect, it } from "vitest";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

describe("registry.update", () => {
  const { tempDir, openTestRegistry, freshRegistry } = useRegistrySandbox();

  it("GIVEN an unnamed source WHEN naming it by its basename THEN the token and creation time stay and the new name resolves", () => {
    const { root, registry } = freshRegistry();
    const before = expectOk(registry.add({ path: makeDir(root, "svc") })).source;

    const { source } = expectOk(registry.update("svc", { name: "billing" }));

    expect(source).toMatchObject({
      token: before.token,
      createdAt: before.createdAt,
      path: before.path,
      name: "billing",
      displayName: "billing",
    });
    expect(source.updatedAt >= before.updatedAt).toBe(true);
    expect(registry.resolve("billing")).toEqual({ ok: true, source });
  });

  it.each([
    ["null", null],
    ["an empty string", ""],
  ])(
    "GIVEN a named source WHEN updating its name to %s THEN the name is cleared and the basename resolves",
    (_, name) => {
      const root = tempDir();
      const registry = openTestRegistry(root);
      expectOk(registry.add({ path: makeDir(root, "svc"), name: "billing" }));

      const { source } = expectOk(registry.update("billing", { name }));

      expect(source).toMatchObject({ name: null, displayName: "svc" });
      expect(registry.resolve("svc")).toEqual({ ok: true, source });
    },
  );

  it("GIVEN a source WHEN moving it to another directory THEN the path changes and the token stays", () => {
    const { root, registry } = freshRegistry();
    const before = expectOk(registry.add({ path: makeDir(root, "old"), name: "billing" })).source;
    const moved = makeDir(root, "new");

    const { source } = expectOk(registry.update(before.token, { path: "new/" }));

    expect(source.path).toBe(moved);
    expect(source.token).toBe(before.token);
  });

  it("GIVEN a source named Billing WHEN renaming it to BILLING THEN its own name does not count as taken", () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "svc"), name: "Billing" }));

    expect(expectOk(registry.update("billing", { name: "BILLING" })).source.name).toBe("BILLING");
  });

  it("GIVEN two sources WHEN renaming one to the other's name THEN fails with duplicate_source_name and nothing changes", () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "a"), name: "api" }));
    const web = expectOk(registry.add({ path: makeDir(root, "b"), name: "web" })).source;

    expect(registry.update("web", { name: "API" })).toMatchObject({
      ok: false,
      code: "duplicate_source_name",
    });
    expect(registry.resolve("web")).toEqual({ ok: true, source: web });
  });

  it("GIVEN two sources WHEN moving one onto the other's path THEN fails with duplicate_source_path", () => {
    const { root, registry } = freshRegistry();
    const api = expectOk(registry.add({ path: makeDir(root, "a"), name: "api" })).source;
    expectOk(registry.add({ path: makeDir(root, "b"), name: "web" }));

    expect(registry.update("web", { path: api.path })).toMatchObject({
      ok: false,
      code: "duplicate_source_path",
      candidates: [api],
    });
  });

  it("GIVEN a source WHEN updating with an invalid name or a missing directory THEN fails with invalid_name or invalid_path", () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "a"), name: "api" }));

    expect(registry.update("api", { name: "   " })).toMatchObject({ code: "invalid_name" });
    expect(registry.update("api", { path: "missing" })).toMatchObject({ code: "invalid_path" });
  });

  it("GIVEN no such source WHEN updating THEN fails with source_not_found", () => {
    const { registry } = freshRegistry();

    expect(registry.update("ghost", { name: "spirit" })).toMatchObject({
      ok: false,
      code: "source_not_found",
    });
  });

  it("GIVEN two unnamed sources called api WHEN updating 'api' THEN fails with ambiguous_source instead of picking one", () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "a/api") }));
    expectOk(registry.add({ path: makeDir(root, "b/api") }));

    expect(registry.update("api", { name: "first" })).toMatchObject({
      ok: false,
      code: "ambiguous_source",
    });
  });
});
