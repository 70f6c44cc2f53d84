import { spawn } from "node:child_process";
import { once } from "node:events";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import type { SourceResult } from "./registry.js";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

const lockHolder = fileURLToPath(
  new URL("./test-support/hold-write-lock-until-released.mjs", import.meta.url),
);

function track(pending: Promise<SourceResult>): { settled: () => boolean } {
  let settled = false;
  void pending.then(() => {
    settled = true;
  });
  return { settled: () => settled };
}

describe("registry writes that wait without blocking the event loop", () => {
  const { freshRegistry } = useRegistrySandbox();

  // A write waiting for another process's lock once held the thread for up to 10 s, so a host answered nothing else.
  it("GIVEN another process holds the write lock WHEN addAsync, updateAsync and removeAsync wait THEN timers and reads run meanwhile, and each completes once the lock is released", async () => {
    const { root, registry } = freshRegistry();
    expectOk(registry.add({ path: makeDir(root, "old") }));
    const holder = spawn(process.execPath, [lockHolder, registry.path], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    await once(holder.stdout, "data");

    const added = registry.addAsync({ path: makeDir(root, "api") });
    const renamed = registry.updateAsync("old", { name: "legacy" });
    const adding = track(added);
    const renaming = track(renamed);
    await sleep(300);
    const listedMeanwhile = registry.list();
    const stillWaiting = !adding.settled() && !renaming.settled();
    holder.stdin.end();
    await once(holder, "exit");

    expect(stillWaiting).toBe(true);
    expect(expectOk(listedMeanwhile).sources.map((source) => source.displayName)).toEqual(["old"]);
    expect(await added).toMatchObject({ ok: true, source: { displayName: "api" } });
    expect(await renamed).toMatchObject({ ok: true, source: { displayName: "legacy" } });
    expect(await registry.removeAsync("api")).toMatchObject({ ok: true });
    expect(expectOk(registry.list()).sources.map((source) => source.displayName)).toEqual([
      "legacy",
    ]);
  });

  it("GIVEN another connection keeps the write lock past the budget WHEN addAsync waits THEN it answers registry_busy and stores nothing", async () => {
    // A 2 s budget: the default 10 s only makes the check wait longer for the same answer.
    const { root, registry } = freshRegistry({ busyTimeoutMs: 2_000 });
    const holder = new Database(registry.path);
    holder.exec("BEGIN IMMEDIATE");
    try {
      const result = await registry.addAsync({ path: makeDir(root, "api") });

      expect(result).toMatchObject({ ok: false, code: "registry_busy" });
    } finally {
      holder.exec("ROLLBACK");
      holder.close();
    }
    expect(expectOk(registry.list()).sources).toEqual([]);
  });

  it("GIVEN no contention WHEN a validation fails in addAsync THEN it answers at once with that failure", async () => {
    const { root, registry } = freshRegistry();

    const result = await registry.addAsync({ path: makeDir(root, "os_abc123") });

    expect(result).toMatchObject({ ok: false, code: "invalid_name" });
  });
});
