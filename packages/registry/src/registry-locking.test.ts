import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

const lockHolder = fileURLToPath(new URL("./test-support/hold-write-lock.mjs", import.meta.url));

describe("registry writes under another writer's lock", () => {
  const { freshRegistry } = useRegistrySandbox();

  it("GIVEN another process holds the write lock for a moment WHEN adding a source THEN the add waits for it and succeeds", async () => {
    const { root, registry } = freshRegistry();
    const holder = spawn(process.execPath, [lockHolder, registry.path, "700"], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    await once(holder.stdout, "data");

    const result = registry.add({ path: makeDir(root, "api") });
    await once(holder, "exit");

    expect(result).toMatchObject({ ok: true, source: { displayName: "api" } });
  });

  it("GIVEN another connection keeps the write lock past the busy timeout WHEN adding a source THEN it fails with registry_busy instead of throwing", () => {
    const { root, registry } = freshRegistry();
    const holder = new Database(registry.path);
    holder.exec("BEGIN IMMEDIATE");
    try {
      const result = registry.add({ path: makeDir(root, "api") });

      expect(result).toMatchObject({ ok: false, code: "registry_busy" });
      expect(result.ok ? "" : result.error).toContain(registry.path);
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
    expect(expectOk(registry.list()).sources).toEqual([]);
  });
});
