import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

describe("registry.remove", () => {
  const { freshRegistry } = useRegistrySandbox();

  it("GIVEN two sources WHEN removing one by name THEN it is returned, forgotten, and its directory stays", () => {
    const { root, registry } = freshRegistry();
    const api = expectOk(registry.add({ path: makeDir(root, "a"), name: "api" })).source;
    const web = expectOk(registry.add({ path: makeDir(root, "b"), name: "web" })).source;

    expect(registry.remove("api")).toEqual({ ok: true, source: api });

    expect(expectOk(registry.list()).sources).toEqual([web]);
    expect(registry.resolve(api.token)).toMatchObject({ ok: false, code: "source_not_found" });
    expect(existsSync(api.path)).toBe(true);
  });

  it("GIVEN a removed source WHEN adding its path again THEN it gets a new token", () => {
    const { root, registry } = freshRegistry();
    const first = expectOk(registry.add({ path: makeDir(root, "a") })).source;
    expectOk(registry.remove(first.token));

    const second = expectOk(registry.add({ path: first.path })).source;

    expect(second.token).not.toBe(first.token);
  });

  it("GIVEN no such source WHEN removing THEN fails with source_not_found", () => {
    const { registry } = freshRegistry();

    expect(registry.remove("os_000000")).toMatchObject({ ok: false, code: "source_not_found" });
  });
});
