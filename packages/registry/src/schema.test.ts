import { execFileSync } from "node:child_process";
import { cpSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { getTableConfig as getPgTableConfig } from "drizzle-orm/pg-core";
import { getTableConfig as getSqliteTableConfig } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { pgAccessTokens, pgSources } from "./pg-schema.js";
import { accessTokens, sources } from "./schema.js";
import { useTempDirs } from "./test-support/temp-dir.js";

const packageDir = fileURLToPath(new URL("..", import.meta.url));
// The package exports no ./package.json; its main entry sits next to the bin script.
const drizzleKit = join(dirname(createRequire(import.meta.url).resolve("drizzle-kit")), "bin.cjs");

function snapshotOf(folder: string): Record<string, string> {
  const files = readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) =>
    entry.isFile(),
  );
  return Object.fromEntries(
    files.map((entry) => {
      const path = join(entry.parentPath, entry.name);
      return [relative(folder, path), readFileSync(path, "utf8")];
    }),
  );
}

describe.each([
  { dialect: "sqlite", schema: "./src/schema.ts", folder: "drizzle" },
  { dialect: "postgresql", schema: "./src/pg-schema.ts", folder: "drizzle-pg" },
])("$schema and the committed $folder/ migrations", ({ dialect, schema, folder }) => {
  const tempDir = useTempDirs();

  it("GIVEN the committed migrations WHEN drizzle-kit generates from the schema into a copy THEN nothing changes (else run pnpm db:generate)", () => {
    const copy = join(tempDir(), folder);
    cpSync(join(packageDir, folder), copy, { recursive: true });

    // drizzle-kit 0.31 prefixes --out with "./", so it has to be relative.
    execFileSync(
      process.execPath,
      [
        drizzleKit,
        "generate",
        `--dialect=${dialect}`,
        `--schema=${schema}`,
        `--out=${relative(packageDir, copy)}`,
      ],
      { cwd: packageDir, stdio: "pipe", timeout: 60_000 },
    );

    expect(snapshotOf(copy)).toEqual(snapshotOf(join(packageDir, folder)));
  });
});

describe("the SQLite and PostgreSQL tables", () => {
  it("GIVEN the two dialects' definitions WHEN their tables are compared THEN they have the same names, columns, nullability and indexes", () => {
    const shape = (config: {
      name: string;
      columns: { name: string; notNull: boolean; primary: boolean }[];
      indexes: { config: { name?: string; unique: boolean } }[];
    }) => ({
      name: config.name,
      columns: config.columns.map(({ name, notNull, primary }) => ({ name, notNull, primary })),
      indexes: config.indexes.map(({ config: { name, unique } }) => ({ name, unique })),
    });

    expect(shape(getPgTableConfig(pgSources))).toEqual(shape(getSqliteTableConfig(sources)));
    expect(shape(getPgTableConfig(pgAccessTokens))).toEqual(
      shape(getSqliteTableConfig(accessTokens)),
    );
  });
});
