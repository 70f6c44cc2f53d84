import { chmodSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, removeTemporaryFolders, warnSkipped, whyNobodyCannotRun } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { CALL_BUILT_WORKER, callBuilt, openToEveryone } from "./test-support/call-built.js";
import { makeRepository } from "./test-support/temp-repository.js";

// Root may read every file: each preview runs in a process of the user nobody.

afterEach(removeTemporaryFolders);

const DELTA = "openspec/changes/add-logout/specs/auth/spec.md";
const asNobody = { asNobody: true };

function repository(): string {
  const { root } = makeRepository({
    "openspec/specs/auth/spec.md": AUTH_SPEC,
    "openspec/changes/add-logout/proposal.md": "# Logout\n",
    [DELTA]:
      "## ADDED Requirements\n### Requirement: Logout\nThe system SHALL sign users out.\n\n#### Scenario: Sign out\n- **WHEN** asked\n- **THEN** the session ends\n",
  });
  openToEveryone(root);
  return root;
}

const nobodyCannotRun = whyNobodyCannotRun(CALL_BUILT_WORKER);
warnSkipped("the archive preview's unreadable-file tests", nobodyCannotRun);

describe.skipIf(nobodyCannotRun)("archive preview of files that may not be read", () => {
  it("GIVEN a delta spec without read permission WHEN previewing the archive THEN unreadable with its path", () => {
    const root = repository();
    chmodSync(join(root, DELTA), 0o000);
    expect(
      callBuilt("previewChangeArchive", root, { change: "add-logout" }, asNobody),
    ).toMatchObject({
      ok: false,
      code: "unreadable",
      path: DELTA,
    });
    chmodSync(join(root, DELTA), 0o644);
    expect(
      callBuilt("previewChangeArchive", root, { change: "add-logout" }, asNobody),
    ).toMatchObject({
      ok: true,
      would_archive: true,
    });
  });

  it("GIVEN a main spec without read permission WHEN previewing the archive THEN unreadable, not a new spec", () => {
    const root = repository();
    chmodSync(join(root, "openspec/specs/auth/spec.md"), 0o000);
    expect(
      callBuilt("previewChangeArchive", root, { change: "add-logout" }, asNobody),
    ).toMatchObject({
      ok: false,
      code: "unreadable",
      path: "openspec/specs/auth/spec.md",
    });
  });

  it("GIVEN a capability folder of the change that may not be listed WHEN previewing THEN unreadable, not a change without that delta", () => {
    const root = repository();
    chmodSync(join(root, "openspec/changes/add-logout/specs/auth"), 0o000);
    expect(
      callBuilt("previewChangeArchive", root, { change: "add-logout" }, asNobody),
    ).toMatchObject({
      ok: false,
      code: "unreadable",
      path: "openspec/changes/add-logout/specs/auth",
    });
  });
});
