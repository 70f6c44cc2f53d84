import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AUTH_SPEC, removeTemporaryFolders, temporaryFolder, writeFiles } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { readSpecAtHead } from "./read-spec-at-head.js";
import { commitAll, git } from "./test-support/git-repository.js";
import { makeRepository, openedRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const EDITED = AUTH_SPEC.replace("correct email", "correct email address");

describe("readSpecAtHead", () => {
  it("GIVEN a committed spec edited since WHEN it is read THEN the baseline is the committed text and the current one the edit", async () => {
    const { root, repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    commitAll(root);
    writeFileSync(join(root, "openspec/specs/auth/spec.md"), EDITED);

    expect(await readSpecAtHead(repository, { spec: "auth" })).toEqual({
      ok: true,
      spec: "auth",
      path: "openspec/specs/auth/spec.md",
      baseline_exists: true,
      baseline: AUTH_SPEC,
      current_exists: true,
      current: EDITED,
    });
  });

  it("GIVEN the repository in a subfolder of the git work tree WHEN a spec is read THEN HEAD's file is found under the subfolder's prefix", async () => {
    const top = temporaryFolder("monorepo-");
    writeFiles(top, { "services/shop/openspec/specs/auth/spec.md": AUTH_SPEC, "README.md": "x\n" });
    commitAll(top);
    writeFileSync(join(top, "services/shop/openspec/specs/auth/spec.md"), EDITED);
    const repository = openedRepository(join(top, "services/shop"));

    const read = await readSpecAtHead(repository, { spec: "auth" });
    expect(read).toMatchObject({ ok: true, baseline: AUTH_SPEC, current: EDITED });
  });

  it("GIVEN a spec written since the last commit WHEN it is read THEN the baseline is empty and does not exist", async () => {
    const { root, repository } = makeRepository({ "README.md": "x\n" });
    commitAll(root);
    writeFiles(root, { "openspec/specs/nested/deep/spec.md": AUTH_SPEC });

    expect(await readSpecAtHead(repository, { spec: "nested/deep" })).toMatchObject({
      ok: true,
      path: "openspec/specs/nested/deep/spec.md",
      baseline_exists: false,
      baseline: "",
      current: AUTH_SPEC,
    });
  });

  it("GIVEN a repository whose branch has no commit yet WHEN a spec is read THEN it is new, not an error", async () => {
    const { root, repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    git(root, "init", "--quiet");

    expect(await readSpecAtHead(repository, { spec: "auth" })).toMatchObject({
      ok: true,
      baseline_exists: false,
      current_exists: true,
    });
  });

  it("GIVEN a spec deleted since HEAD WHEN it is read THEN the current text is empty and does not exist", async () => {
    const { root, repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    commitAll(root);
    rmSync(join(root, "openspec/specs/auth"), { recursive: true });

    expect(await readSpecAtHead(repository, { spec: "auth" })).toMatchObject({
      ok: true,
      baseline: AUTH_SPEC,
      current_exists: false,
      current: "",
    });
  });

  it("GIVEN a spec in neither the working tree nor HEAD WHEN it is read THEN spec_not_found", async () => {
    const { root, repository } = makeRepository({ "README.md": "x\n" });
    commitAll(root);
    expect(await readSpecAtHead(repository, { spec: "ghost" })).toMatchObject({
      ok: false,
      code: "spec_not_found",
    });
  });

  it("GIVEN a folder outside any git work tree WHEN a spec is read THEN not_a_git_repository with a fix", async () => {
    const { repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    expect(await readSpecAtHead(repository, { spec: "auth" })).toMatchObject({
      ok: false,
      code: "not_a_git_repository",
      fix: expect.stringContaining("change"),
    });
  });

  it("GIVEN a folder outside any git work tree WHEN a spec that is not in the working tree is read THEN spec_not_found names it first", async () => {
    const { repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    expect(await readSpecAtHead(repository, { spec: "ghost" })).toMatchObject({
      ok: false,
      code: "spec_not_found",
      error: 'Spec "ghost" not found in openspec/specs, nor at HEAD.',
    });
  });

  it("GIVEN no git on the PATH WHEN a spec is read THEN git_not_found says to install it", async () => {
    const { root, repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    commitAll(root);
    const empty = temporaryFolder("no-git-path-");
    const read = await readSpecAtHead(repository, { spec: "auth", env: { PATH: empty } });
    expect(read).toMatchObject({
      ok: false,
      code: "git_not_found",
      fix: expect.stringContaining("PATH"),
    });
  });

  it("GIVEN GIT_DIR pointing at another repository WHEN a spec is read THEN the repository's own history is read, not the other's", async () => {
    const { root, repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    commitAll(root);
    const other = temporaryFolder("other-");
    writeFiles(other, { "openspec/specs/auth/spec.md": "# Other\n" });
    commitAll(other);

    const read = await readSpecAtHead(repository, {
      spec: "auth",
      env: { ...process.env, GIT_DIR: join(other, ".git") },
    });
    expect(read).toMatchObject({ ok: true, baseline: AUTH_SPEC });
  });

  it("GIVEN spec.md committed as a link WHEN it is read THEN not_a_regular_file, the link's target is never shown as the spec", async () => {
    const { root, repository } = makeRepository({ "secret.txt": "token\n" });
    mkdirSync(join(root, "openspec/specs/auth"), { recursive: true });
    symlinkSync("../../../secret.txt", join(root, "openspec/specs/auth/spec.md"));
    commitAll(root);

    expect(await readSpecAtHead(repository, { spec: "auth" })).toMatchObject({
      ok: false,
      code: "not_a_regular_file",
    });
  });

  it("GIVEN a committed spec larger than the cap WHEN it is read THEN file_too_large, never half a file to diff", async () => {
    const { root, repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    commitAll(root);
    writeFileSync(join(root, "openspec/specs/auth/spec.md"), "# Auth\n");

    expect(await readSpecAtHead(repository, { spec: "auth", maxBytes: 64 })).toMatchObject({
      ok: false,
      code: "file_too_large",
    });
  });

  it.each(["../escape", "auth/../../x", "-p"])(
    "GIVEN the spec id %j WHEN it is read THEN invalid_name before git runs",
    async (spec) => {
      const { repository } = makeRepository();
      expect(await readSpecAtHead(repository, { spec })).toMatchObject({
        ok: false,
        code: "invalid_name",
      });
    },
  );
});
