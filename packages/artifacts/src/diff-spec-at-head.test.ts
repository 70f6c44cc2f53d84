import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, removeTemporaryFolders } from "@org/test-kit";
import { applyPatch } from "diff";
import { afterEach, describe, expect, it } from "vitest";
import { diffSpecAtHead } from "./diff-spec-at-head.js";
import { commitAll } from "./test-support/git-repository.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const SIGN_OUT =
  "\n### Requirement: Sign out\nThe system SHALL end a session on request.\n\n#### Scenario: Button\n- **WHEN** they press sign out\n- **THEN** the session ends\n";

describe("diffSpecAtHead", () => {
  it("GIVEN a requirement added and a scenario reworded since HEAD WHEN diffed THEN both are listed and the unified diff turns HEAD's file into the working one", async () => {
    const { root, repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    commitAll(root);
    const edited = `${AUTH_SPEC.replace("they are signed in", "they are signed in and see their cart")}${SIGN_OUT}`;
    writeFileSync(join(root, "openspec/specs/auth/spec.md"), edited);

    const diff = await diffSpecAtHead(repository, { spec: "auth" });
    if (!diff.ok) throw new Error(diff.error);
    expect(diff.requirements).toEqual([
      {
        name: "Sign in",
        operation: "MODIFIED",
        scenarios: { added: [], removed: [], changed: ["Correct password"] },
        text_changed: false,
      },
      {
        name: "Sign out",
        operation: "ADDED",
        scenarios: { added: ["Button"], removed: [], changed: [] },
        text_changed: true,
      },
    ]);
    expect(diff.unified_diff).toMatch(/^--- a\/openspec\/specs\/auth\/spec\.md\n\+\+\+ b\//);
    expect(applyPatch(AUTH_SPEC, diff.unified_diff)).toBe(edited);
  });

  it("GIVEN no edit since HEAD WHEN diffed THEN nothing is listed and the diff is empty", async () => {
    const { root, repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    commitAll(root);
    expect(await diffSpecAtHead(repository, { spec: "auth" })).toEqual({
      ok: true,
      spec: "auth",
      path: "openspec/specs/auth/spec.md",
      baseline_exists: true,
      requirements: [],
      unified_diff: "",
      diagnostics: [],
    });
  });
});
