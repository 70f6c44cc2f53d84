import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createOpenSpecLocator } from "./create-openspec-locator.js";
import { writeFakeBin } from "./test-support/fake-bin.js";
import { useSandbox } from "./test-support/sandbox.js";

describe("createOpenSpecLocator", () => {
  const box = useSandbox("each");
  const locate = (ttlMs: number) => {
    const binDir = box.current.makeDir("bin");
    return {
      binDir,
      locator: createOpenSpecLocator({
        env: { PATH: binDir },
        home: box.current.home,
        bundled: null,
        ttlMs,
      }),
    };
  };

  it("GIVEN no cache (ttl 0) WHEN the CLI is installed and later removed while the host runs THEN each find notices", async () => {
    const { binDir, locator } = locate(0);

    const before = await locator.find();
    const bin = writeFakeBin(binDir, "openspec", "exit 0");
    const installed = await locator.find();
    rmSync(bin);
    const removed = await locator.find();

    expect(before.ok).toBe(false);
    expect(installed).toMatchObject({ ok: true, path: join(binDir, "openspec"), rule: "PATH" });
    expect(removed.ok).toBe(false);
  });

  it("GIVEN a long ttl WHEN the CLI is removed THEN the cached result stays until forget()", async () => {
    const { binDir, locator } = locate(3_600_000);
    writeFakeBin(binDir, "openspec", "exit 0");

    const first = await locator.find();
    rmSync(join(binDir, "openspec"));
    const cached = await locator.find();
    locator.forget();
    const fresh = await locator.find();

    expect(first.ok).toBe(true);
    expect(cached).toBe(first);
    expect(fresh.ok).toBe(false);
  });
});
