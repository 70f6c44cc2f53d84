import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { createOpenSpecLocator } from "./create-openspec-locator.js";
import type { ArgsResult, OpenSpecNotFound, RunFailure } from "./index.js";
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

  it("GIVEN no CLI anywhere WHEN the locator finds nothing THEN the failure says error, as every package does, and carries no message", async () => {
    const { locator } = locate(0);
    const found = await locator.find();
    expect(found).toMatchObject({
      ok: false,
      code: "openspec_not_found",
      error: expect.stringContaining("No executable openspec CLI was found"),
      fix: expect.stringContaining("npm install -g @fission-ai/openspec"),
    });
    expect(found).not.toHaveProperty("message");
  });

  it("GIVEN the runner's failure types WHEN a caller reads them THEN each has error and none has message", () => {
    expectTypeOf<OpenSpecNotFound["error"]>().toEqualTypeOf<string>();
    expectTypeOf<OpenSpecNotFound>().not.toHaveProperty("message");
    expectTypeOf<Extract<ArgsResult, { ok: false }>>().not.toHaveProperty("message");
    expectTypeOf<RunFailure>().not.toHaveProperty("message");
  });
});
