import { AUTH_SPEC } from "@org/test-kit";
import { applyPatch } from "diff";
import { describe, expect, it } from "vitest";
import { specDiffOfMerge } from "./spec-diff-of-merge.js";

const PATH = "openspec/specs/auth/spec.md";
const MERGED = AUTH_SPEC.replace("they are signed in", "they are signed in and see their cart");

const preview = {
  spec: "auth",
  baseline_path: PATH,
  baseline_exists: true,
  baseline: AUTH_SPEC,
  merged: MERGED,
  changed: true,
  operations: [{ operation: "MODIFIED" as const, name: "Sign in" }],
  diagnostics: [],
};

describe("specDiffOfMerge", () => {
  it("GIVEN a merged spec WHEN diffed THEN the delta's operation carries the scenario comparison and the patch gives the merged bytes", () => {
    const diff = specDiffOfMerge(preview);
    expect(diff.requirements).toEqual([
      {
        name: "Sign in",
        operation: "MODIFIED",
        scenarios: { added: [], removed: [], changed: ["Correct password"] },
        text_changed: false,
      },
    ]);
    expect(applyPatch(AUTH_SPEC, diff.unified_diff)).toBe(MERGED);
  });

  it("GIVEN a delta the archive would refuse WHEN diffed THEN its error is kept and nothing is diffed", () => {
    const error = {
      code: "modified_missing",
      severity: "error" as const,
      message: "auth: no such requirement",
    };
    const diff = specDiffOfMerge({
      ...preview,
      merged: null,
      changed: false,
      operations: [],
      diagnostics: [error],
    });
    expect(diff).toMatchObject({ unified_diff: "", requirements: [], diagnostics: [error] });
  });

  it("GIVEN a delta the baseline already says WHEN diffed THEN the archive leaves the file alone, so the diff is empty", () => {
    expect(specDiffOfMerge({ ...preview, changed: false }).unified_diff).toBe("");
  });

  it("GIVEN a new spec WHEN diffed THEN the diff adds the whole file to /dev/null's side", () => {
    const diff = specDiffOfMerge({
      ...preview,
      baseline: null,
      baseline_exists: false,
      operations: [{ operation: "ADDED", name: "Sign in" }],
    });
    expect(diff.unified_diff.startsWith(`--- /dev/null\n+++ b/${PATH}\n`)).toBe(true);
    expect(applyPatch("", diff.unified_diff)).toBe(MERGED);
    expect(diff.requirements[0]).toMatchObject({ operation: "ADDED", text_changed: true });
  });
});
