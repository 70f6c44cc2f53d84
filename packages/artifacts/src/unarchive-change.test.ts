import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  runRealOpenSpec,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { openRepository, type Repository } from "./open-repository.js";
import { unarchiveChange } from "./unarchive-change.js";

afterEach(removeTemporaryFolders);

const ARCHIVE = "openspec/changes/archive";

function open(root: string): Repository {
  const opened = openRepository(root);
  if (!opened.ok) throw new Error(opened.error);
  return opened.repository;
}

/** A repository where the real CLI archived add-dark-mode (tasks ticked first), merging its ui delta. */
async function archivedByCli(): Promise<{ root: string; archivedAs: string }> {
  const root = makeOpenSpecRepository({
    ...DARK_MODE_CHANGE,
    "openspec/changes/add-dark-mode/tasks.md": "## 1. Theme\n\n- [x] 1.1 Pick colours\n",
    "openspec/specs/auth/spec.md": AUTH_SPEC,
  });
  const run = await runRealOpenSpec(root, ["archive", "add-dark-mode", "--yes", "--json"]);
  if (run.status !== 0) throw new Error(`archive failed: ${run.stdout}${run.stderr}`);
  const archivedAs = (JSON.parse(run.stdout) as { archive: { archivedAs: string } }).archive
    .archivedAs;
  return { root, archivedAs };
}

describe("unarchiveChange", () => {
  it("GIVEN a change the real CLI archived WHEN unarchived by name THEN it is active again and the merged ui spec is named as not rolled back", async () => {
    const { root, archivedAs } = await archivedByCli();
    const merged = readFileSync(join(root, "openspec/specs/ui/spec.md"), "utf8");
    const result = await unarchiveChange(open(root), { change: "add-dark-mode" });
    expect(result).toMatchObject({
      ok: true,
      change: "add-dark-mode",
      archived_as: archivedAs,
      from: `${ARCHIVE}/${archivedAs}`,
      path: "openspec/changes/add-dark-mode",
      specs_not_rolled_back: [{ id: "ui", path: "openspec/specs/ui/spec.md" }],
    });
    expect(existsSync(join(root, ARCHIVE, archivedAs))).toBe(false);
    expect(readFileSync(join(root, "openspec/changes/add-dark-mode/tasks.md"), "utf8")).toContain(
      "1.1 Pick colours",
    );
    expect(readFileSync(join(root, "openspec/specs/ui/spec.md"), "utf8")).toBe(merged);
    const listed = await runRealOpenSpec(root, ["list", "--json"]);
    expect(listed.stdout).toContain('"add-dark-mode"');
  });

  it("GIVEN the change was unarchived WHEN unarchived again THEN it is refused as not found and nothing moves", async () => {
    const { root } = await archivedByCli();
    await unarchiveChange(open(root), { change: "add-dark-mode" });
    expect(await unarchiveChange(open(root), { change: "add-dark-mode" })).toMatchObject({
      ok: false,
      code: "change_not_found",
    });
  });

  it("GIVEN an active change of the same name WHEN unarchiving THEN change_exists and both folders stay", async () => {
    const root = makeOpenSpecRepository({
      ...DARK_MODE_CHANGE,
      [`${ARCHIVE}/2024-01-15-add-dark-mode/proposal.md`]: "# Old\n",
    });
    expect(await unarchiveChange(open(root), { change: "add-dark-mode" })).toMatchObject({
      ok: false,
      code: "change_exists",
    });
    expect(readdirSync(join(root, ARCHIVE))).toContain("2024-01-15-add-dark-mode");
    expect(existsSync(join(root, "openspec/changes/add-dark-mode/tasks.md"))).toBe(true);
  });

  it("GIVEN two archived folders for one name WHEN unarchiving by name THEN both are listed, and the dated name picks one", async () => {
    const root = makeOpenSpecRepository({
      [`${ARCHIVE}/2024-01-15-add-search/proposal.md`]: "# First\n",
      [`${ARCHIVE}/2024-03-02-add-search/proposal.md`]: "# Second\n",
    });
    const refused = await unarchiveChange(open(root), { change: "add-search" });
    expect(refused).toMatchObject({ ok: false, code: "ambiguous_artifact" });
    expect(refused.ok ? "" : refused.error).toContain(
      "2024-01-15-add-search, 2024-03-02-add-search",
    );
    expect(await unarchiveChange(open(root), { change: "2024-03-02-add-search" })).toMatchObject({
      ok: true,
      change: "add-search",
      archived_as: "2024-03-02-add-search",
      specs_not_rolled_back: [],
    });
    expect(readFileSync(join(root, "openspec/changes/add-search/proposal.md"), "utf8")).toBe(
      "# Second\n",
    );
  });

  it("GIVEN an archive entry that is a symlink out of the repository WHEN unarchiving THEN path_outside_repository and the link stays", async () => {
    const outside = temporaryFolder();
    mkdirSync(join(outside, "change"));
    const root = makeOpenSpecRepository({});
    symlinkSync(join(outside, "change"), join(root, ARCHIVE, "2024-01-15-leak"));
    expect(await unarchiveChange(open(root), { change: "leak" })).toMatchObject({
      ok: false,
      code: "path_outside_repository",
    });
    expect(existsSync(join(root, "openspec/changes/leak"))).toBe(false);
    expect(readdirSync(outside)).toEqual(["change"]);
  });

  it("GIVEN the archive folder itself is a symlink out WHEN unarchiving THEN path_outside_repository", async () => {
    const outside = temporaryFolder();
    mkdirSync(join(outside, "2024-01-15-leak"));
    const root = makeOpenSpecRepository({});
    const archive = join(root, ARCHIVE);
    rmSync(archive, { recursive: true });
    symlinkSync(outside, archive);
    expect(await unarchiveChange(open(root), { change: "leak" })).toMatchObject({
      ok: false,
      code: "path_outside_repository",
    });
    expect(readdirSync(outside)).toEqual(["2024-01-15-leak"]);
  });

  it.each(["../outside", "-rf", ".hidden", "a/b", "nul\u0000byte", "archive"])(
    "GIVEN the hostile name %j WHEN unarchiving THEN it is refused before anything is read",
    async (change) => {
      const root = makeOpenSpecRepository({ [`${ARCHIVE}/2024-01-15-archive/proposal.md`]: "#\n" });
      const result = await unarchiveChange(open(root), { change });
      expect(result.ok).toBe(false);
      expect(existsSync(join(root, ARCHIVE, "2024-01-15-archive"))).toBe(true);
    },
  );
});
