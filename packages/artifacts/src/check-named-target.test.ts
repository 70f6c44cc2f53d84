import { mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { checkNamedTarget } from "./check-named-target.js";
import { listActiveChangeFolders } from "./scan-changes.js";
import { makeRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

/** A repository with one real change (no proposal yet) and a change folder that is a symlink out. */
function repositoryWithEscapingChange() {
  const outside = temporaryFolder("outside-");
  writeFiles(outside, { "proposal.md": "# Outside\n", "tasks.md": "- [ ] outside task\n" });
  const { root, repository } = makeRepository();
  mkdirSync(join(root, "openspec/changes/add-search"));
  symlinkSync(outside, join(root, "openspec/changes/evil"));
  return { root, repository, outside };
}

describe("changes symlinked out of the repository, for the CLI-backed tools", () => {
  it("GIVEN a change folder that is a symlink out WHEN active change folders are listed THEN it is not among them", () => {
    const { repository } = repositoryWithEscapingChange();
    expect(listActiveChangeFolders(repository)).toEqual(["add-search"]);
  });

  it("GIVEN the only change folder is a symlink out WHEN active change folders are listed THEN none is", () => {
    const outside = temporaryFolder("outside-");
    const { root, repository } = makeRepository();
    symlinkSync(outside, join(root, "openspec/changes/evil"));
    expect(listActiveChangeFolders(repository)).toEqual([]);
  });

  it("GIVEN a change folder symlinked to another change folder inside WHEN listed THEN it counts", () => {
    const { root, repository } = repositoryWithEscapingChange();
    symlinkSync(join(root, "openspec/changes/add-search"), join(root, "openspec/changes/alias"));
    expect(listActiveChangeFolders(repository)).toEqual(["add-search", "alias"]);
  });

  it.each([
    ["evil", undefined],
    ["evil", "change"],
  ] as const)(
    "GIVEN the change %s, a symlink out WHEN it is named (type %s) THEN path_outside_repository",
    (name, type) => {
      const { repository } = repositoryWithEscapingChange();
      expect(checkNamedTarget(repository, name, type)).toMatchObject({
        ok: false,
        code: "path_outside_repository",
      });
    },
  );

  it("GIVEN a spec folder that is a symlink out WHEN it is named as a spec THEN path_outside_repository; named as a change it passes", () => {
    const outside = temporaryFolder("outside-");
    const { root, repository } = makeRepository();
    symlinkSync(outside, join(root, "openspec/specs/leak"));
    expect(checkNamedTarget(repository, "leak", "spec")).toMatchObject({
      code: "path_outside_repository",
    });
    expect(checkNamedTarget(repository, "leak", "change")).toBeNull();
  });

  it("GIVEN a dangling symlink as a change folder WHEN it is named THEN it is refused, since it could be pointed anywhere", () => {
    const { root, repository } = makeRepository();
    symlinkSync("/nonexistent-target-folder", join(root, "openspec/changes/dangling"));
    expect(checkNamedTarget(repository, "dangling")).toMatchObject({
      code: "path_outside_repository",
    });
  });

  it("GIVEN a real change and a missing one WHEN named THEN both pass, so the CLI answers for them", () => {
    const { repository } = repositoryWithEscapingChange();
    expect(checkNamedTarget(repository, "add-search")).toBeNull();
    expect(checkNamedTarget(repository, "missing")).toBeNull();
  });
});
