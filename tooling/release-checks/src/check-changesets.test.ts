import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./workspace-packages.js";

const SCRIPT = join(REPO_ROOT, "scripts", "check-changesets.mjs");

function git(repo: string, ...args: string[]): string {
  const run = spawnSync("git", args, {
    cwd: repo,
    encoding: "utf8",
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: "t",
      GIT_AUTHOR_EMAIL: "t@example.com",
      GIT_COMMITTER_NAME: "t",
      GIT_COMMITTER_EMAIL: "t@example.com",
      GIT_CONFIG_GLOBAL: "/dev/null",
    },
  });
  if (run.status !== 0) throw new Error(`git ${args.join(" ")}: ${run.stderr}`);
  return run.stdout;
}

function write(repo: string, files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    writeFileSync(join(repo, file), content);
  }
}

function commit(repo: string, files: Record<string, string>, message = "change"): void {
  write(repo, files);
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", message);
}

function check(repo: string, ...args: string[]) {
  const run = spawnSync(process.execPath, [SCRIPT, "--cwd", repo, ...args], {
    encoding: "utf8",
    env: process.env,
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** A repository on `main` with a publishable library and a private tooling package. */
function repository(branch = "main"): string {
  const repo = temporaryFolder("changesets-");
  git(repo, "init", "-q", "-b", branch);
  commit(repo, {
    "packages/lib/package.json": JSON.stringify({ name: "@org/lib", version: "0.1.0" }),
    "packages/lib/src/index.ts": "export const a = 1;\n",
    "tooling/kit/package.json": JSON.stringify({
      name: "@org/kit",
      version: "0.0.0",
      private: true,
    }),
    "tooling/kit/src/index.ts": "export const k = 1;\n",
    ".changeset/README.md": "# Changesets\n",
  });
  return repo;
}

const changeset = (body: string) => `---\n${body}\n---\n\nWhat changed for users.\n`;

afterEach(removeTemporaryFolders);

describe("check-changesets", () => {
  it("GIVEN a branch that changes a publishable package's src without a changeset WHEN checked THEN it fails, names the package and says how to fix it", () => {
    const repo = repository();
    git(repo, "checkout", "-q", "-b", "feature");
    commit(repo, { "packages/lib/src/index.ts": "export const a = 2;\n" });
    const result = check(repo);
    expect(result.status).toBe(1);
    expect(result.output).toContain("@org/lib");
    expect(result.output).toContain("pnpm changeset");
  });

  it("GIVEN the same change with a changeset naming the package (quoted, as changesets writes it) WHEN checked THEN it passes", () => {
    const repo = repository();
    git(repo, "checkout", "-q", "-b", "feature");
    commit(repo, {
      "packages/lib/src/index.ts": "export const a = 2;\n",
      ".changeset/brave-lib.md": changeset('"@org/lib": patch'),
    });
    expect(check(repo)).toEqual({ status: 0, output: "" });
  });

  it("GIVEN a changeset that names another package, or one that was already on main WHEN the branch changes the library THEN it still fails", () => {
    const repo = repository();
    commit(repo, { ".changeset/old.md": changeset('"@org/lib": minor') });
    git(repo, "checkout", "-q", "-b", "feature");
    commit(repo, {
      "packages/lib/src/index.ts": "export const a = 2;\n",
      ".changeset/other.md": changeset('"@org/other": patch'),
    });
    expect(check(repo).status).toBe(1);
  });

  it("GIVEN changes only to tests, to a private package or outside src WHEN checked THEN it passes without a changeset", () => {
    const repo = repository();
    git(repo, "checkout", "-q", "-b", "feature");
    commit(repo, {
      "packages/lib/src/index.test.ts": "test\n",
      "packages/lib/src/test-support/helper.ts": "export {};\n",
      "packages/lib/README.md": "docs\n",
      "tooling/kit/src/index.ts": "export const k = 2;\n",
    });
    expect(check(repo)).toEqual({ status: 0, output: "" });
  });

  it("GIVEN a clone with no main branch (a fresh clone of one branch) WHEN checked without a base THEN it passes quietly; WHEN given a base that does not exist THEN it fails", () => {
    const repo = repository("trunk");
    commit(repo, { "packages/lib/src/index.ts": "export const a = 3;\n" });
    expect(check(repo)).toEqual({ status: 0, output: "" });
    expect(check(repo, "--base", "release").status).toBe(1);
  });

  it("GIVEN a base ref given with --base WHEN the branch changed the library since it THEN it fails, and passes on the base itself", () => {
    const repo = repository("trunk");
    git(repo, "tag", "v1");
    commit(repo, { "packages/lib/src/index.ts": "export const a = 3;\n" });
    expect(check(repo, "--base", "v1").status).toBe(1);
    git(repo, "checkout", "-q", "v1");
    expect(check(repo, "--base", "v1")).toEqual({ status: 0, output: "" });
  });

  it("GIVEN a changeset that was added and then deleted on the branch WHEN checked THEN it does not count", () => {
    const repo = repository();
    git(repo, "checkout", "-q", "-b", "feature");
    commit(repo, {
      "packages/lib/src/index.ts": "export const a = 2;\n",
      ".changeset/gone.md": changeset('"@org/lib": patch'),
    });
    rmSync(join(repo, ".changeset", "gone.md"));
    git(repo, "add", "-A");
    git(repo, "commit", "-q", "-m", "drop");
    expect(check(repo).status).toBe(1);
  });
});
