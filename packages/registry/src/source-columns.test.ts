import Database from "better-sqlite3";
import { asc, eq, getTableColumns, or, type Table } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_ROW } from "./access-token-columns.js";
import { createAccessToken } from "./create-access-token.js";
import { toAccessToken } from "./hash-access-token.js";
import { listAccessTokens } from "./list-access-tokens.js";
import { foldName } from "./lookup-key.js";
import { accessTokens, sources } from "./schema.js";
import { SOURCE_ROW } from "./source-columns.js";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";
import { toSource } from "./to-source.js";

/** Every column of the table as src/schema.ts declares it, aliased to its drizzle key. */
const selectListOf = (table: Table) =>
  Object.entries(getTableColumns(table))
    .map(([key, column]) => `${column.name} AS ${key}`)
    .join(", ");

describe("the registry's SQL and the drizzle schema", () => {
  const { freshRegistry } = useRegistrySandbox();

  it("GIVEN src/schema.ts WHEN comparing what the SQL selects THEN it is every column of each table, under drizzle's keys", () => {
    expect(SOURCE_ROW).toBe(selectListOf(sources));
    expect(ACCESS_TOKEN_ROW).toBe(selectListOf(accessTokens));
  });

  it("GIVEN a registry with named, unnamed and same-basename sources WHEN listing and resolving THEN the answers equal drizzle's queries on the same file", () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "a/api") }));
    expectOk(registry.add({ path: makeDir(root, "b/api") }));
    const named = expectOk(registry.add({ path: makeDir(root, "web"), name: "Site" })).source;
    expectOk(createAccessToken(registry, { name: "ci", readOnly: true }));
    expectOk(createAccessToken(registry, { name: "bot" }));
    const sqlite = new Database(registry.path, { readonly: true });
    const db = drizzle({ client: sqlite });
    const drizzleMatches = (identifier: string) =>
      db
        .select()
        .from(sources)
        .where(or(eq(sources.lookupKey, foldName(identifier)), eq(sources.token, identifier)))
        .orderBy(asc(sources.createdAt), asc(sources.id))
        .all()
        .map(toSource);

    try {
      const all = db.select().from(sources).orderBy(asc(sources.createdAt), asc(sources.id)).all();
      expect(expectOk(registry.list()).sources).toEqual(all.map(toSource));
      expect(expectOk(registry.resolve("site")).source).toEqual(drizzleMatches("site")[0]);
      expect(expectOk(registry.resolve(named.token)).source).toEqual(
        drizzleMatches(named.token)[0],
      );
      expect(registry.resolve("API")).toMatchObject({
        ok: false,
        code: "ambiguous_source",
        candidates: drizzleMatches("API"),
      });
      const tokens = db.select().from(accessTokens).orderBy(asc(accessTokens.id)).all();
      expect(expectOk(listAccessTokens(registry)).tokens).toEqual(
        tokens.map((row) => toAccessToken({ ...row, readOnly: row.readOnly ? 1 : 0 })),
      );
      expect(tokens.map((row) => row.readOnly)).toEqual([true, false]);
    } finally {
      sqlite.close();
    }
  });
});
