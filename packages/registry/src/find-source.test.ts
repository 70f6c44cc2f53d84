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

  it("GIVEN sources api and web WHEN resolving 'docs' THEN source_not_found says how many are registered and that none is close", () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "api") }));
    expectOk(registry.add({ path: makeDir(root, "x"), name: "web" }));

    const result = registry.resolve("docs");

    expect(result).toMatchObject({
      ok: false,
      code: "source_not_found",
      error: 'No source is called "docs"; 2 sources are registered, none close to it.',
    });
  });

  it("GIVEN 400 registered sources, eight holding 'shop' WHEN 'shop' is resolved THEN source_not_found names five of them and the count, in one short line", () => {
    const { root, registry } = freshRegistry();
    const names = [
      "shop-api",
      "shop-web",
      "workshop",
      "shopping",
      "shops",
      "eshop",
      "shop-cli",
      "shop-admin",
    ];
    for (const name of names) expectOk(registry.add({ path: makeDir(root, name) }));
    for (let index = 0; index < 392; index += 1) {
      expectOk(registry.add({ path: makeDir(root, `service-${index}`) }));
    }

    const result = registry.resolve("shop");
    const error = result.ok ? "" : result.error;

    expect(result).toMatchObject({ ok: false, code: "source_not_found" });
    expect(error).toMatch(/^No source is called "shop"; closest: eshop \(os_[0-9a-f]+\), /);
    expect(error).toMatch(/; 400 sources are registered\.$/);
    expect(error.match(/\(os_[0-9a-f]+\)/g)).toHaveLength(5);
    expect(error).not.toContain("service-");
    expect(error.length).toBeLessThan(250);
  });

  it("GIVEN sources shop, ship and chip WHEN the typo 'shpo' is resolved THEN the closest comes first and the far one is left out", () => {
    const { root, registry } = freshRegistry();
    for (const name of ["chip", "ship", "shop", "billing"]) {
      expectOk(registry.add({ path: makeDir(root, name) }));
    }

    const result = registry.resolve("shpo");

    expect(result.ok ? "" : result.error).toMatch(
      /^No source is called "shpo"; closest: shop \(os_[0-9a-f]+\), ship \(os_[0-9a-f]+\); 4 sources are registered\.$/,
    );
  });

  it("GIVEN a source WHEN its token is resolved with one digit wrong THEN it is named, and with three wrong THEN no source is, as random tokens are not names", () => {
    const { root, registry } = freshRegistry();
    const added = registry.add({ path: makeDir(root, "shop") });
    expectOk(added);
    const token = added.ok ? added.source.token : "";
    const flip = (digit: string) => (digit === "0" ? "1" : "0");
    const oneWrong = `${token.slice(0, -1)}${flip(token.slice(-1))}`;
    const threeWrong = `${token.slice(0, -3)}${[...token.slice(-3)].map(flip).join("")}`;

    const errorOf = (identifier: string) => {
      const result = registry.resolve(identifier);
      return result.ok ? "" : result.error;
    };

    expect(errorOf(oneWrong)).toMatch(/closest: shop \(os_[0-9a-f]+\)/);
    expect(errorOf(threeWrong)).toMatch(/none close to it/);
  });

  it("GIVEN sources shop-api and billing WHEN a part of a name is resolved THEN the source holding it is named", () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "shop-api") }));
    expectOk(registry.add({ path: makeDir(root, "billing") }));

    const result = registry.resolve("api");

    expect(result.ok ? "" : result.error).toMatch(
      /^No source is called "api"; closest: shop-api \(os_[0-9a-f]+\); 2 sources are registered\.$/,
    );
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
