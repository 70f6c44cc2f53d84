import { existsSync, mkdirSync, renameSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { CHECKOUT_SPEC_INPUT, makeOpenSpecRepository, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "../test-support/fixture.js";

afterEach(cleanUp);

/** The SQLite driver the registry itself uses, to write a file as a newer build would. */
type Sqlite = {
  prepare(sql: string): { run(...values: unknown[]): unknown; get(): unknown };
  close(): void;
};
const fromRegistry = createRequire(
  createRequire(import.meta.url).resolve("@org/openspec-registry/package.json"),
);
const Database = fromRegistry("better-sqlite3") as new (file: string) => Sqlite;

describe("source tools and tokens", () => {
  // An unnamed folder called like alpha's token once took alpha's writes.
  it("GIVEN alpha WHEN an unnamed folder called alpha's token is added THEN it is refused with a fix to name it, and spec_create by the token (any case) writes into alpha", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const alpha = makeOpenSpecRepository({}, "alpha");
    const added = await catalog.call("openspec_source_add", { path: alpha });
    const token = String((added.source as { token: string }).token);
    const decoy = makeOpenSpecRepository({}, "decoy");
    const tokenFolder = join(decoy, "..", token);
    renameSync(decoy, tokenFolder);

    const refused = await catalog.call("openspec_source_add", { path: tokenFolder });
    const created = await catalog.call("openspec_spec_create", {
      source: token.toUpperCase(),
      ...CHECKOUT_SPEC_INPUT,
    });

    expect(refused).toMatchObject({ ok: false, code: "invalid_name" });
    expect(String(refused.error)).toMatch(/give the source a vanity name/);
    expect(String(refused.fix)).toMatch(/name/);
    expect(created).toMatchObject({ ok: true });
    expect(existsSync(join(alpha, "openspec", "specs", "checkout", "spec.md"))).toBe(true);
    expect(existsSync(join(tokenFolder, "openspec", "specs", "checkout"))).toBe(false);
  });
});

describe("source tools and the registry file", () => {
  it("GIVEN a registry migrated by a newer build WHEN a source tool runs THEN it answers registry_too_new with a fix to upgrade", async () => {
    const folder = temporaryFolder();
    const file = join(folder, "registry.db");
    const first = makeCatalog({ cli: false, catalog: { registryPath: file } }).catalog;
    expect(await first.call("openspec_source_list", {})).toMatchObject({ ok: true });
    first.close();
    const sqlite = new Database(file);
    // This build's schema version is the number of migrations it applied.
    const counted = sqlite.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get();
    const known = Number((counted as { n: number }).n);
    sqlite
      .prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('newer', ?)")
      .run(Date.now() + 365 * 86_400_000);
    sqlite.close();
    mkdirSync(join(folder, "repo"));

    const { catalog } = makeCatalog({ cli: false, catalog: { registryPath: file } });

    for (const [tool, args] of [
      ["openspec_source_list", {}],
      ["openspec_source_add", { path: join(folder, "repo") }],
    ] as const) {
      const answer = await catalog.call(tool, args);
      expect(answer).toMatchObject({ ok: false, code: "registry_too_new" });
      expect(String(answer.error)).toContain(
        `schema version ${known + 1}; this build knows up to version ${known}`,
      );
      expect(String(answer.fix)).toMatch(/^Upgrade openspec-agent/);
    }
  });
});
