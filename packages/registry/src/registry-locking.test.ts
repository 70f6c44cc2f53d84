import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

const lockHolder = fileURLToPath(new URL("./test-support/hold-write-lock.mjs", import.meta.url));
const keepWriting = fileURLToPath(new URL("./test-support/keep-writing.mjs", import.meta.url));

/** Another process that commits writes back to back for `milliseconds`, holding the lock nearly all the time. */
async function startBusyWriter(file: string, milliseconds: number) {
  const writer = spawn(process.execPath, [keepWriting, file, String(milliseconds)], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  await once(writer.stdout, "data");
  return { exited: once(writer, "exit") };
}

/**
 * The lock budget of the checks that wait it out: the default 10 s would make each of them
 * wait ten seconds for the same outcome. The busy writer runs half as long again, so the
 * outcome turns on the budget being outlasted, not on how long it is.
 */
const BUSY_TIMEOUT_MS = 1_000;

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

  it("GIVEN another connection keeps the write lock past the busy timeout WHEN adding a source THEN it fails with registry_busy, naming the file and the wait, instead of throwing", () => {
    const { root, registry } = freshRegistry({ busyTimeoutMs: BUSY_TIMEOUT_MS });
    const holder = new Database(registry.path);
    holder.exec("BEGIN IMMEDIATE");
    try {
      const result = registry.add({ path: makeDir(root, "api") });

      expect(result).toMatchObject({ ok: false, code: "registry_busy" });
      expect(result.ok ? "" : result.error).toContain(registry.path);
      expect(result.ok ? "" : result.error).toContain("for 1 s with no other write finishing");
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
    expect(expectOk(registry.list()).sources).toEqual([]);
  });

  // With 8 writers on a machine at load 20, one writer lost every race for the whole busy timeout
  // and answered registry_busy while the others kept writing. A lock that keeps moving is not stuck.
  it("GIVEN another process keeps committing writes back to back for longer than the busy timeout WHEN adding a source THEN the add waits its turn and succeeds, and nothing is stored twice", async () => {
    const { root, registry } = freshRegistry({ busyTimeoutMs: BUSY_TIMEOUT_MS });
    const writer = await startBusyWriter(registry.path, BUSY_TIMEOUT_MS * 1.5);

    const result = registry.add({ path: makeDir(root, "api") });
    await writer.exited;

    expect(result).toMatchObject({ ok: true, source: { displayName: "api" } });
    expect(expectOk(registry.list()).sources.map((source) => source.displayName)).toEqual(["api"]);
  });

  it("GIVEN the same busy writer WHEN addAsync waits without blocking THEN it succeeds, and nothing is stored twice", async () => {
    const { root, registry } = freshRegistry({ busyTimeoutMs: BUSY_TIMEOUT_MS });
    const writer = await startBusyWriter(registry.path, BUSY_TIMEOUT_MS * 1.5);

    const result = await registry.addAsync({ path: makeDir(root, "api") });
    await writer.exited;

    expect(result).toMatchObject({ ok: true, source: { displayName: "api" } });
    expect(expectOk(registry.list()).sources.map((source) => source.displayName)).toEqual(["api"]);
  });
});
