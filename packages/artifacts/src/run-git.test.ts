import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findConfinement } from "@org/openspec-confine";
import {
  AUTH_SPEC,
  plantGitPrograms,
  removeTemporaryFolders,
  temporaryFolder,
  writeFiles,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { gitChangeTimes } from "./git-change-times.js";
import { readSpecAtHead } from "./read-spec-at-head.js";
import { runGit } from "./run-git.js";
import { commitAll, git } from "./test-support/git-repository.js";
import { makeRepository, openedRepository } from "./test-support/temp-repository.js";

afterEach(removeTemporaryFolders);

const EDITED = AUTH_SPEC.replace("correct email", "correct email address");

function committedRepository() {
  const made = makeRepository({
    "openspec/specs/auth/spec.md": AUTH_SPEC,
    "openspec/changes/add-search/proposal.md": "# Add search\n",
    "openspec/config.yaml": "schema: spec-driven\n",
  });
  commitAll(made.root);
  return made;
}

// git obeys the repository's configuration with the server's authority: a
// filter, an fsmonitor hook, a pager or a hook named there would run as the
// server. Each planted program writes a marker; none may appear.
describe("runGit", () => {
  it("GIVEN a repository whose configuration, attributes, hooks and home name a program for everything WHEN change times and a spec at HEAD are read THEN no program runs and the answers are git's own", async () => {
    const { root, repository } = committedRepository();
    const planted = plantGitPrograms(root);
    writeFileSync(join(root, "openspec/specs/auth/spec.md"), EDITED);
    const env = { ...process.env, ...planted.env };

    const times = await gitChangeTimes(root, env);
    const spec = await readSpecAtHead(repository, { spec: "auth", env });
    const status = await runGit(root, ["status", "--porcelain"], env);

    expect(planted.ran()).toEqual([]);
    expect(times?.has("openspec/changes/add-search")).toBe(true);
    expect(spec).toMatchObject({ ok: true, baseline: AUTH_SPEC, current: EDITED });
    expect(status).toMatchObject({ ok: true, exitCode: 0 });
  });

  it("GIVEN a filter whose driver name holds dots WHEN git status runs THEN that filter is switched off too", async () => {
    const { root } = committedRepository();
    const planted = plantGitPrograms(root);
    git(root, "config", "--local", "filter.a.b.clean", join(planted.markers, "..", "nothing"));
    git(root, "config", "--local", "filter.a.b.required", "true");
    writeFileSync(join(root, ".git", "info", "attributes"), "* filter=a.b\n");

    const status = await runGit(root, ["status", "--porcelain"], process.env);

    expect(status).toMatchObject({ ok: true, exitCode: 0 });
  });

  it("GIVEN a source whose .git file names another repository's git folder WHEN its spec is compared with HEAD THEN git does not run and the answer says why, without the other repository's text", async () => {
    const other = makeRepository({
      "openspec/specs/auth/spec.md": "# Secret of another repository\n",
    });
    commitAll(other.root);
    const { root, repository } = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    writeFileSync(join(root, ".git"), `gitdir: ${join(other.root, ".git")}\n`);

    const spec = await readSpecAtHead(repository, { spec: "auth" });
    const times = await gitChangeTimes(root);

    expect(spec).toMatchObject({ ok: false, code: "git_outside_repository" });
    expect(JSON.stringify(spec)).not.toContain("Secret");
    expect(times).toBeNull();
  });

  it("GIVEN a .git that is a link, or objects borrowed through alternates, WHEN a spec is compared with HEAD THEN both are refused", async () => {
    const other = makeRepository({ "openspec/specs/auth/spec.md": "# Secret\n" });
    commitAll(other.root);
    const linked = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    symlinkSync(join(other.root, ".git"), join(linked.root, ".git"));
    const borrowing = makeRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    git(borrowing.root, "init", "--quiet");
    writeFiles(borrowing.root, {
      ".git/objects/info/alternates": `${join(other.root, ".git", "objects")}\n`,
    });

    expect(await readSpecAtHead(linked.repository, { spec: "auth" })).toMatchObject({
      ok: false,
      code: "git_outside_repository",
    });
    expect(await readSpecAtHead(borrowing.repository, { spec: "auth" })).toMatchObject({
      ok: false,
      code: "git_outside_repository",
    });
  });

  it("GIVEN a linked work tree made by git worktree add WHEN its spec is compared with HEAD THEN git runs: the repository names it back", async () => {
    const { root } = committedRepository();
    const linked = join(temporaryFolder("linked-"), "work");
    git(root, "worktree", "add", "--quiet", linked);

    const spec = await readSpecAtHead(openedRepository(linked), { spec: "auth" });

    expect(spec).toMatchObject({ ok: true, baseline: AUTH_SPEC });
  });
});

// Where the host can confine a program, git sees only the work tree it serves
// and its git folders: a configuration that reads a file outside finds nothing.
describe.skipIf(!findConfinement().ok)("runGit, confined", () => {
  it("GIVEN a .git/config that includes a file outside the repository WHEN git reads its configuration confined, and with OPENSPEC_AGENT_CONFINE=off THEN only the unconfined run sees the outside file", async () => {
    const { root } = committedRepository();
    const outside = join(temporaryFolder("outside-config-"), "included");
    writeFileSync(outside, "[user]\n\tname = read-from-outside\n");
    git(root, "config", "--local", "include.path", outside);

    const confined = await runGit(root, ["config", "--get", "user.name"], process.env);
    const unconfined = await runGit(root, ["config", "--get", "user.name"], {
      ...process.env,
      OPENSPEC_AGENT_CONFINE: "off",
    });

    expect(unconfined).toMatchObject({ ok: true, exitCode: 0 });
    expect(unconfined.ok && unconfined.stdout.trim()).toBe("read-from-outside");
    expect(confined.ok && confined.stdout).not.toContain("read-from-outside");
  });

  it("GIVEN a source that is a folder of a larger repository WHEN its spec is compared with HEAD and its changes are dated, confined THEN git reads the repository it belongs to", async () => {
    const top = temporaryFolder("monorepo-");
    writeFiles(top, {
      "services/api/openspec/specs/auth/spec.md": AUTH_SPEC,
      "services/api/openspec/changes/add-search/proposal.md": "# Add search\n",
      "services/api/openspec/config.yaml": "schema: spec-driven\n",
    });
    commitAll(top);
    const source = join(top, "services/api");
    writeFileSync(join(source, "openspec/specs/auth/spec.md"), EDITED);

    const spec = await readSpecAtHead(openedRepository(source), { spec: "auth" });
    const times = await gitChangeTimes(source, process.env);

    expect(spec).toMatchObject({ ok: true, baseline: AUTH_SPEC });
    expect(times === null ? [] : [...times.keys()]).toContain("openspec/changes/add-search");
  });
});
