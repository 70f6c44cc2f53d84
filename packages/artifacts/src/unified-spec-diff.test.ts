import { applyPatch } from "diff";
import { describe, expect, it } from "vitest";
import { unifiedSpecDiff } from "./unified-spec-diff.js";

const PATH = "openspec/specs/auth/spec.md";
const BEFORE = ["# Auth", "", "## Purpose", "", "One", "Two", "Three", "Four", "Five", ""].join(
  "\n",
);

describe("unifiedSpecDiff", () => {
  it("GIVEN one changed line WHEN diffed THEN git's file names and three lines of context, and the patch turns the old text into the new", () => {
    const after = BEFORE.replace("Three", "Three and a half");
    const patch = unifiedSpecDiff({
      path: PATH,
      before: BEFORE,
      after,
      beforeExists: true,
      afterExists: true,
    });
    expect(patch).toBe(
      `--- a/${PATH}\n+++ b/${PATH}\n@@ -4,6 +4,6 @@\n \n One\n Two\n-Three\n+Three and a half\n Four\n Five\n`,
    );
    expect(applyPatch(BEFORE, patch)).toBe(after);
  });

  it("GIVEN a new spec WHEN diffed THEN the old side is /dev/null and every line is added", () => {
    const patch = unifiedSpecDiff({
      path: PATH,
      before: "",
      after: BEFORE,
      beforeExists: false,
      afterExists: true,
    });
    expect(patch.split("\n").slice(0, 3)).toEqual([
      "--- /dev/null",
      `+++ b/${PATH}`,
      "@@ -0,0 +1,9 @@",
    ]);
    expect(applyPatch("", patch)).toBe(BEFORE);
  });

  it("GIVEN equal texts WHEN diffed THEN the diff is empty, not a header alone", () => {
    expect(
      unifiedSpecDiff({
        path: PATH,
        before: BEFORE,
        after: BEFORE,
        beforeExists: true,
        afterExists: true,
      }),
    ).toBe("");
  });

  it("GIVEN a text that loses its final newline WHEN diffed THEN the patch says so and still applies exactly", () => {
    const after = BEFORE.slice(0, -1);
    const patch = unifiedSpecDiff({
      path: PATH,
      before: BEFORE,
      after,
      beforeExists: true,
      afterExists: true,
    });
    expect(patch).toContain("\\ No newline at end of file");
    expect(applyPatch(BEFORE, patch)).toBe(after);
  });
});
