import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const DRIVER = new URL("../dist/sqlite-driver.js", import.meta.url).href;

describe("openSqlite", () => {
  it("GIVEN better-sqlite3 with its build/Release addon WHEN a file is opened THEN the addon is loaded by its path, without the bindings package's search", () => {
    const script = [
      `import { createRequire } from "node:module";`,
      `const { openSqlite } = await import(${JSON.stringify(DRIVER)});`,
      `const db = openSqlite(":memory:");`,
      `const answer = db.prepare("SELECT 1 + 1 AS two").get();`,
      `const loaded = Object.keys(createRequire(import.meta.url).cache);`,
      `console.log(JSON.stringify({ answer, bindings: loaded.filter((file) => /[\\\\/]bindings[\\\\/]/.test(file)), addon: loaded.filter((file) => file.endsWith("better_sqlite3.node")) }));`,
    ].join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    const seen = JSON.parse(run.stdout);
    expect(seen.answer).toEqual({ two: 2 });
    expect(seen.bindings).toEqual([]);
    expect(seen.addon).toEqual([
      expect.stringMatching(/[\\/]build[\\/]Release[\\/]better_sqlite3\.node$/),
    ]);
  });
});
