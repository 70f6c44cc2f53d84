import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { RegistryFailure } from "./index.js";
import { openRegistry } from "./open-registry.js";
import { expectOk, useRegistrySandbox } from "./test-support/open-test-registry.js";
import { makeDir } from "./test-support/temp-dir.js";

/** The keys every caller reads, and the old key that made the registry differ from the stack. */
function expectSharedShape(result: { ok: boolean }, code: string): void {
  expect(result).toMatchObject({ ok: false, code, error: expect.any(String) });
  expect(result).not.toHaveProperty("message");
}

describe("a registry failure", () => {
  const { tempDir, freshRegistry } = useRegistrySandbox();

  it("GIVEN an unknown source WHEN it is resolved THEN the failure says error, like every other package, and carries no message", () => {
    const { registry } = freshRegistry();
    const result = registry.resolve("nothing-here");
    expectSharedShape(result, "source_not_found");
    expect(result.ok ? "" : result.error).toContain("nothing-here");
  });

  it("GIVEN a folder registered twice WHEN it is added again THEN the duplicate failure says error and keeps its candidates", () => {
    const { root, registry } = freshRegistry();
    const folder = makeDir(root, "svc");
    const { source } = expectOk(registry.add({ path: folder }));
    const result = registry.add({ path: folder });
    expectSharedShape(result, "duplicate_source_path");
    expect(result).toMatchObject({ candidates: [source] });
  });

  it("GIVEN a file that is not SQLite WHEN the registry is opened THEN registry_unreadable says error and carries no message", () => {
    const file = join(tempDir(), "registry.db");
    writeFileSync(file, "not a database, just text that is long enough to look like a header");
    expectSharedShape(openRegistry({ path: file, env: {} }), "registry_unreadable");
  });

  it("GIVEN the failure type WHEN a caller reads it THEN error is a string and message does not exist", () => {
    expectTypeOf<RegistryFailure["error"]>().toEqualTypeOf<string>();
    expectTypeOf<RegistryFailure>().not.toHaveProperty("message");
  });
});
