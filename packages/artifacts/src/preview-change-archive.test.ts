import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { archiveName } from "./archive-name.js";
import { openRepository, type Repository } from "./open-repository.js";
import { previewChangeArchive } from "./preview-change-archive.js";

afterEach(removeTemporaryFolders);

const LOGIN = [
  "### Requirement: Login",
  "The system SHALL let users sign in.",
  "",
  "#### Scenario: Valid password",
  "- **WHEN** the password matches",
  "- **THEN** a session starts",
].join("\n");

const BASELINE = `# Auth\n\n## Purpose\nWho may sign in, and how, for every client of the service.\n\n## Requirements\n${LOGIN}\n`;
const ADD_LOGOUT = `## ADDED Requirements\n${LOGIN.replace(/Login/, "Logout").replace("sign in", "sign out")}\n`;

function repositoryWith(files: Record<string, string>): Repository {
  const root = makeOpenSpecRepository({
    "openspec/specs/auth/spec.md": BASELINE,
    "openspec/changes/add-logout/proposal.md":
      "## Why\nUsers need to sign out.\n\n## What Changes\n- Logout\n",
    ...files,
  });
  const opened = openRepository(root, { searchUpward: false });
  if (!opened.ok) throw new Error(opened.error);
  return opened.repository;
}

describe("previewChangeArchive", () => {
  it("GIVEN a change adding a requirement WHEN previewed THEN it shows the baseline, the merged spec and what each entry does, and writes nothing", async () => {
    const repository = repositoryWith({
      "openspec/changes/add-logout/specs/auth/spec.md": ADD_LOGOUT,
    });
    const preview = await previewChangeArchive(repository, {
      change: "add-logout",
      now: new Date(2026, 0, 5),
    });
    if (!preview.ok) throw new Error(preview.error);
    expect(preview).toMatchObject({
      change: "add-logout",
      archived_as: "2026-01-05-add-logout",
      archive_path: "openspec/changes/archive/2026-01-05-add-logout",
      would_archive: true,
      diagnostics: [],
    });
    const [spec] = preview.specs;
    expect(spec).toMatchObject({
      spec: "auth",
      delta_path: "openspec/changes/add-logout/specs/auth/spec.md",
      baseline_path: "openspec/specs/auth/spec.md",
      baseline_exists: true,
      baseline: BASELINE,
      changed: true,
      operations: [{ name: "Logout", operation: "ADDED", applied: true }],
      diagnostics: [],
    });
    expect(spec?.merged).toContain("### Requirement: Logout");
    expect(readFileSync(join(repository.openspecDir, "specs", "auth", "spec.md"), "utf8")).toBe(
      BASELINE,
    );
    expect(existsSync(join(repository.openspecDir, "changes", "add-logout"))).toBe(true);
    expect(
      existsSync(join(repository.openspecDir, "changes", "archive", "2026-01-05-add-logout")),
    ).toBe(false);
    expect(await previewChangeArchive(repository, { change: "add-logout" })).toMatchObject({
      would_archive: true,
    });
  });

  it("GIVEN a change name that starts with a date WHEN named for the archive THEN the date is not stacked", async () => {
    expect(archiveName("2025-12-31-add-logout", new Date(2026, 0, 5))).toBe(
      "2025-12-31-add-logout",
    );
    expect(archiveName("add-logout", new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05-add-logout");
  });

  it("GIVEN an archive folder of that name already WHEN previewed THEN the archive is refused for it", async () => {
    const repository = repositoryWith({
      "openspec/changes/add-logout/specs/auth/spec.md": ADD_LOGOUT,
      "openspec/changes/archive/2026-01-05-add-logout/proposal.md": "old",
    });
    const preview = await previewChangeArchive(repository, {
      change: "add-logout",
      now: new Date(2026, 0, 5),
    });
    expect(preview).toMatchObject({
      would_archive: false,
      diagnostics: [
        {
          code: "archive_target_exists",
          severity: "error",
          message: "Archive '2026-01-05-add-logout' already exists.",
        },
      ],
    });
  });

  it("GIVEN one delta the CLI refuses WHEN previewed THEN that spec has no merged text and nothing would be archived", async () => {
    const repository = repositoryWith({
      "openspec/changes/add-logout/specs/auth/spec.md": ADD_LOGOUT,
      "openspec/changes/add-logout/specs/billing/spec.md": `## MODIFIED Requirements\n${LOGIN}\n`,
    });
    const preview = await previewChangeArchive(repository, { change: "add-logout", spec: "auth" });
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.would_archive).toBe(false);
    expect(preview.specs.map((spec) => spec.spec)).toEqual(["auth"]);
    const all = await previewChangeArchive(repository, { change: "add-logout" });
    expect(all.ok && all.specs[1]).toMatchObject({
      spec: "billing",
      baseline_exists: false,
      merged: null,
      diagnostics: [{ code: "new_spec_with_modified_or_renamed", severity: "error" }],
    });
  });

  it("GIVEN a delta spec larger than the cap WHEN previewed THEN it fails with file_too_large rather than preview part of it", async () => {
    const repository = repositoryWith({
      "openspec/changes/add-logout/specs/auth/spec.md": ADD_LOGOUT,
    });
    expect(
      await previewChangeArchive(repository, { change: "add-logout", maxBytes: 64 }),
    ).toMatchObject({
      ok: false,
      code: "file_too_large",
    });
  });

  it("GIVEN a capability folder of the change symlinked out of the repository WHEN previewed THEN it fails with path_outside_repository", async () => {
    const outside = temporaryFolder("outside-");
    mkdirSync(join(outside, "auth"));
    writeFileSync(join(outside, "auth", "spec.md"), ADD_LOGOUT);
    const repository = repositoryWith({ "openspec/changes/add-logout/tasks.md": "- [x] done\n" });
    mkdirSync(join(repository.openspecDir, "changes", "add-logout", "specs"));
    symlinkSync(
      join(outside, "auth"),
      join(repository.openspecDir, "changes", "add-logout", "specs", "auth"),
    );
    expect(await previewChangeArchive(repository, { change: "add-logout" })).toMatchObject({
      ok: false,
      code: "path_outside_repository",
    });
  });

  it("GIVEN a main spec that is a symlink out of the repository WHEN previewed THEN it fails with path_outside_repository", async () => {
    const outside = temporaryFolder("outside-");
    writeFileSync(join(outside, "spec.md"), BASELINE);
    const repository = repositoryWith({
      "openspec/changes/add-logout/specs/team/spec.md": ADD_LOGOUT,
    });
    mkdirSync(join(repository.openspecDir, "specs", "team"));
    symlinkSync(join(outside, "spec.md"), join(repository.openspecDir, "specs", "team", "spec.md"));
    expect(await previewChangeArchive(repository, { change: "add-logout" })).toMatchObject({
      ok: false,
      code: "path_outside_repository",
    });
  });

  it("GIVEN a delta spec written at specs/spec.md WHEN previewed THEN the change is refused as the CLI refuses it", async () => {
    const repository = repositoryWith({ "openspec/changes/add-logout/specs/spec.md": ADD_LOGOUT });
    expect(await previewChangeArchive(repository, { change: "add-logout" })).toMatchObject({
      would_archive: false,
      specs: [],
      diagnostics: [{ code: "root_delta_spec", severity: "error" }],
    });
  });

  it("GIVEN an unknown change WHEN previewed THEN it fails with change_not_found", async () => {
    expect(await previewChangeArchive(repositoryWith({}), { change: "nope" })).toMatchObject({
      ok: false,
      code: "change_not_found",
    });
  });

  it("GIVEN a spec the change has no delta for WHEN previewed THEN spec_not_found says it was not found in the change", async () => {
    const repository = repositoryWith({
      "openspec/changes/add-logout/specs/auth/spec.md": ADD_LOGOUT,
    });
    expect(
      await previewChangeArchive(repository, { change: "add-logout", spec: "billing" }),
    ).toMatchObject({
      ok: false,
      code: "spec_not_found",
      error: 'Delta spec "billing" not found in change "add-logout".',
    });
  });

  it("GIVEN a spec id with parent references WHEN previewed THEN invalid_name says so before any file is read", async () => {
    const repository = repositoryWith({
      "openspec/changes/add-logout/specs/auth/spec.md": ADD_LOGOUT,
    });
    expect(
      await previewChangeArchive(repository, { change: "add-logout", spec: "../../../etc/passwd" }),
    ).toMatchObject({
      ok: false,
      code: "invalid_name",
      error: 'The spec id "../../../etc/passwd" contains parent references ("..").',
    });
  });

  it("GIVEN a change that declares retire_capabilities WHEN previewed THEN a warning says the preview does not show a retirement", async () => {
    const repository = repositoryWith({
      "openspec/changes/add-logout/specs/auth/spec.md": ADD_LOGOUT,
      "openspec/changes/add-logout/.openspec.yaml":
        "schema: spec-driven\nretire_capabilities: true\n",
    });
    expect(await previewChangeArchive(repository, { change: "add-logout" })).toMatchObject({
      would_archive: true,
      diagnostics: [{ code: "retirement_not_previewed", severity: "warning" }],
    });
  });

  it("GIVEN a file where the change's specs folder should be WHEN previewed THEN the archive is refused, as the CLI stops on it", async () => {
    const repository = repositoryWith({ "openspec/changes/add-logout/specs": "not a folder\n" });
    expect(await previewChangeArchive(repository, { change: "add-logout" })).toMatchObject({
      would_archive: false,
      specs: [],
      diagnostics: [
        {
          code: "specs_not_a_folder",
          severity: "error",
          path: "openspec/changes/add-logout/specs",
        },
      ],
    });
  });

  it("GIVEN a delta spec.md linked to a file elsewhere in the repository WHEN previewed THEN the archive is refused, as the CLI refuses a delta outside the change", async () => {
    const repository = repositoryWith({ "openspec/notes/auth.md": ADD_LOGOUT });
    const capability = join(repository.openspecDir, "changes", "add-logout", "specs", "auth");
    mkdirSync(capability, { recursive: true });
    symlinkSync(join(repository.openspecDir, "notes", "auth.md"), join(capability, "spec.md"));
    expect(await previewChangeArchive(repository, { change: "add-logout" })).toMatchObject({
      would_archive: false,
      specs: [],
      diagnostics: [{ code: "delta_spec_outside_change", severity: "error" }],
    });
  });
});
