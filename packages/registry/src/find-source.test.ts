import { basename } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

describe("registry.resolve", () => {
  const { tempDir, openTestRegistry, freshRegistry } = useRegistrySandbox();

  it("GIVEN a source named Billing WHEN resolving 'billing' THEN the name matches ignoring case", () => {
    const { root, registry } = freshRegistry();
    const { source } = expectOk(registry.add({ path: makeDir(root, "svc"), name: "Billing" }));

    expect(registry.resolve("billing")).toEqual({ ok: true, source });
  });

  it("GIVEN an unnamed source at .../Web WHEN resolving 'WEB' THEN its basename matches ignoring case", () => {
    const { root, registry } = freshRegistry();
    const { source } = expectOk(registry.add({ path: makeDir(root, "Web") }));

    expect(registry.resolve("WEB")).toEqual({ ok: true, source });
  });

  it("GIVEN a named source WHEN resolving its basename THEN it is not found, because a vanity name replaces the basename", () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "svc"), name: "billing" }));

    expect(registry.resolve("svc")).toMatchObject({ ok: false, code: "source_not_found" });
  });

  it("GIVEN a source WHEN resolving its token THEN it is found", () => {
    const { root, registry } = freshRegistry();
    const { source } = expectOk(registry.add({ path: makeDir(root, "svc"), name: "billing" }));

    expect(registry.resolve(source.token)).toEqual({ ok: true, source });
    expect(registry.resolve(source.token.toUpperCase())).toEqual({ ok: true, source });
  });

  it("GIVEN a vanity name and an unnamed source with that basename WHEN resolving THEN the vanity name wins, and the unnamed one answers to its token", () => {
    const { root, registry } = freshRegistry();
    const named = expectOk(registry.add({ path: makeDir(root, "a/frontend"), name: "web" })).source;
    const shadowed = expectOk(registry.add({ path: makeDir(root, "b/web") })).source;

    expect(expectOk(registry.resolve("web")).source).toEqual(named);
    expect(expectOk(registry.resolve(shadowed.token)).source).toEqual(shadowed);
  });

  // A folder called like alpha's token, registered before such folders were refused, once took alpha's writes.
  it.each([
    ["as written", (token: string) => token],
    ["in capitals", (token: string) => token.toUpperCase()],
  ])(
    "GIVEN alpha and an older unnamed source whose folder is called alpha's token WHEN resolving the token %s THEN alpha is found, not the folder",
    (_, spell) => {
      const { root, registry } = freshRegistry();
      const alpha = expectOk(registry.add({ path: makeDir(root, "alpha") })).source;
      insertLegacyRow(registry.path, makeDir(root, `decoy/${alpha.token.toUpperCase()}`));

      expect(registry.resolve(spell(alpha.token))).toEqual({ ok: true, source: alpha });
    },
  );

  it("GIVEN two sources named api by their basenames WHEN resolving 'api' THEN fails with ambiguous_source listing both tokens and saying to set a vanity name", () => {
    const { root, registry } = freshRegistry();
    const first = expectOk(registry.add({ path: makeDir(root, "team-a/api") })).source;
    const second = expectOk(registry.add({ path: makeDir(root, "team-b/API") })).source;

    const result = registry.resolve("api");

    expect(result).toMatchObject({
      ok: false,
      code: "ambiguous_source",
      candidates: [first, second],
    });
    const message = result.ok ? "" : result.error;
    expect(message).toContain(first.token);
    expect(message).toContain(second.token);
    expect(message).toContain("vanity name");
  });

  it("GIVEN sources api and web WHEN resolving 'docs' THEN fails with source_not_found listing the registered names", () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "api") }));
    expectOk(registry.add({ path: makeDir(root, "x"), name: "web" }));

    const result = registry.resolve("docs");

    expect(result).toMatchObject({ ok: false, code: "source_not_found" });
    expect(result.ok ? "" : result.error).toMatch(/"docs".*api \(os_[0-9a-f]{6}\), web \(os_/);
  });

  it("GIVEN an empty registry WHEN resolving THEN fails with source_not_found saying to add the repository", () => {
    const { registry } = freshRegistry();

    const result = registry.resolve("api");

    expect(result).toMatchObject({ ok: false, code: "source_not_found" });
    expect(result.ok ? "" : result.error).toContain("empty");
  });

  it("GIVEN two handles on one file WHEN one adds a source THEN the other resolves it without reopening", () => {
    const root = tempDir();
    const reader = openTestRegistry(root);
    const writer = openTestRegistry(root);
    expect(reader.resolve("api")).toMatchObject({ ok: false, code: "source_not_found" });

    const { source } = expectOk(writer.add({ path: makeDir(root, "api") }));

    expect(reader.resolve("api")).toEqual({ ok: true, source });
  });
});

/** Writes a row the way a build without today's checks could have: an unnamed source at `path`. */
function insertLegacyRow(file: string, path: string): void {
  const sqlite = new Database(file);
  try {
    sqlite
      .prepare(
        "INSERT INTO sources (token, name, path, lookup_key, created_at, updated_at) VALUES ('os_0b5010', NULL, ?, ?, 1, 1)",
      )
      .run(path, basename(path).toLowerCase());
  } finally {
    sqlite.close();
  }
}
