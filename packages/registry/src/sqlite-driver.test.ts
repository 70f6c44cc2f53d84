import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const DRIVER = new URL("../dist/sqlite-driver.js", import.meta.url).href;
const REGISTRY = new URL("../dist/index.js", import.meta.url).href;

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

  it("GIVEN the registry package loaded WHEN no file has been opened THEN neither better-sqlite3 nor node:crypto is loaded, and opening a registry loads both", () => {
    const script = [
      `import { createRequire } from "node:module";`,
      `const { openRegistry } = await import(${JSON.stringify(REGISTRY)});`,
      `const addonLoaded = () => Object.keys(createRequire(import.meta.url).cache).some((file) => /[\\/]better-sqlite3[\\/]/.test(file));`,
      `const cryptoLoaded = () => process.moduleLoadList.includes("NativeModule crypto");`,
      `const before = addonLoaded();`,
      `const cryptoBefore = cryptoLoaded();`,
      `const { mkdtempSync } = await import("node:fs");`,
      `const { join } = await import("node:path");`,
      `const { tmpdir } = await import("node:os");`,
      `const folder = mkdtempSync(join(tmpdir(), "registry-"));`,
      `const opened = openRegistry({ path: join(folder, "registry.db") });`,
      `if (opened.ok) opened.registry.close();`,
      `(await import("node:fs")).rmSync(folder, { recursive: true, force: true });`,
      `console.log(JSON.stringify({ before, cryptoBefore, opened: opened.ok, after: addonLoaded(), cryptoAfter: cryptoLoaded() }));`,
    ].join("\n");
    const run = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
      encoding: "utf8",
    });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual({
      before: false,
      cryptoBefore: false,
      opened: true,
      after: true,
      cryptoAfter: true,
    });
  });
});
