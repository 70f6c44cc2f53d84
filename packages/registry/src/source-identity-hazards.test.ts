import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

describe("a folder name that could pass for another source", () => {
  const { freshRegistry } = useRegistrySandbox();

  it.each([
    ["alpha's token", (token: string) => token],
    ["alpha's token in capitals", (token: string) => token.toUpperCase()],
  ])(
    "GIVEN alpha WHEN adding an unnamed folder called %s THEN it is refused with invalid_name, says to give it a name, and alpha keeps its token",
    (_, spell) => {
      const { root, registry } = freshRegistry();
      const alpha = expectOk(registry.add({ path: makeDir(root, "alpha") })).source;

      const result = registry.add({ path: makeDir(root, spell(alpha.token)) });

      expect(result).toMatchObject({ ok: false, code: "invalid_name" });
      expect(result.ok ? "" : result.error).toMatch(/give the source a vanity name/);
      expect(expectOk(registry.list()).sources).toEqual([alpha]);
      expect(registry.resolve(alpha.token.toUpperCase())).toEqual({ ok: true, source: alpha });
    },
  );

  it("GIVEN a folder called like a token WHEN adding it with a vanity name THEN it is added and answers to that name", () => {
    const { root, registry } = freshRegistry();

    const { source } = expectOk(registry.add({ path: makeDir(root, "os_f09d3e"), name: "decoy" }));

    expect(expectOk(registry.resolve("decoy")).source).toEqual(source);
  });

  it("GIVEN a named source in a folder called like a token WHEN its name is cleared THEN it is refused with invalid_name and keeps its name", () => {
    const { root, registry } = freshRegistry();
    const { source } = expectOk(registry.add({ path: makeDir(root, "os_abc123"), name: "decoy" }));

    const result = registry.update("decoy", { name: null });

    expect(result).toMatchObject({ ok: false, code: "invalid_name" });
    expect(expectOk(registry.resolve("decoy")).source).toEqual(source);
  });

  it("GIVEN an unnamed source WHEN it is moved to a folder called like a token THEN it is refused with invalid_name", () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "web") }));

    const result = registry.update("web", { path: makeDir(root, "OS_F09D3E") });

    expect(result).toMatchObject({ ok: false, code: "invalid_name" });
  });

  it.each([
    ["a zero-width space", "we\u200bb"],
    ["a right-to-left override", "\u202ebew"],
  ])(
    "GIVEN an unnamed folder whose name holds %s WHEN adding it THEN it is refused with invalid_name naming the code point",
    (_, folder) => {
      const { root, registry } = freshRegistry();

      const result = registry.add({ path: makeDir(root, folder) });

      expect(result).toMatchObject({ ok: false, code: "invalid_name" });
      expect(result.ok ? "" : result.error).toMatch(/U\+20(0B|2E)/);
    },
  );
});

describe("the same folder through a symlink", () => {
  const { freshRegistry } = useRegistrySandbox();

  it("GIVEN a registered folder WHEN adding a symlink to it THEN it is refused with duplicate_source_path naming the owner", () => {
    const { root, registry } = freshRegistry();
    const { source } = expectOk(registry.add({ path: makeDir(root, "api") }));
    symlinkSync(source.path, join(root, "api-link"));

    const result = registry.add({ path: join(root, "api-link"), name: "other" });

    expect(result).toMatchObject({
      ok: false,
      code: "duplicate_source_path",
      candidates: [source],
    });
    expect(expectOk(registry.list()).sources).toEqual([source]);
  });

  it("GIVEN a symlink registered as given WHEN adding the folder it points to THEN it is refused with duplicate_source_path", () => {
    const { root, registry } = freshRegistry();
    const target = makeDir(root, "real/api");
    symlinkSync(target, join(root, "linked"));
    const { source } = expectOk(registry.add({ path: join(root, "linked") }));

    const result = registry.add({ path: target, name: "again" });

    expect(source.path).toBe(join(root, "linked"));
    expect(result).toMatchObject({
      ok: false,
      code: "duplicate_source_path",
      candidates: [source],
    });
  });

  it("GIVEN two sources WHEN one is moved to a symlink of the other's folder THEN it is refused with duplicate_source_path", () => {
    const { root, registry } = freshRegistry();
    const api = expectOk(registry.add({ path: makeDir(root, "api") })).source;
    expectOk(registry.add({ path: makeDir(root, "web") }));
    symlinkSync(api.path, join(root, "api-link"));

    const result = registry.update("web", { path: join(root, "api-link") });

    expect(result).toMatchObject({ ok: false, code: "duplicate_source_path", candidates: [api] });
  });

  it("GIVEN a source registered through a symlink WHEN it is updated to the same link THEN it does not conflict with itself", () => {
    const { root, registry } = freshRegistry();
    symlinkSync(makeDir(root, "real"), join(root, "linked"));
    expectOk(registry.add({ path: join(root, "linked") }));

    expect(registry.update("linked", { name: "api" })).toMatchObject({ ok: true });
  });
});
