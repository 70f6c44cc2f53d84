import { AUTH_SPEC, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { resolveContext } from "./resolve-context.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

// `/\/+$/` took quadratic time on a long run of slashes; the trim is a scan now.
// A hang is the failure here, so the deadline is generous.
describe("resolveContext and trailing slashes", () => {
  it("GIVEN a spec id followed by 200,000 slashes WHEN resolved THEN the slashes are dropped and the spec is found", {
    timeout: 20_000,
  }, () => {
    const { root } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    const source = (name: string) => ({ ok: true as const, name, path: root });
    expect(resolveContext(`shop/auth${"/".repeat(200_000)}`, source)).toMatchObject({
      ok: true,
      spec: { id: "auth" },
    });
    expect(resolveContext(`shop/${"/".repeat(200_000)}x`, source)).toMatchObject({ ok: false });
  });
});
