import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { describeRun, runCommand } from "./run-command.js";
import { REPO_ROOT } from "./workspace-packages.js";

const SCRIPT = join(REPO_ROOT, "tooling", "release-checks", "bin", "ready-to-publish.mjs");

function git(repo: string, ...args: string[]): void {
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
}

function write(repo: string, files: Record<string, string>): void {
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(repo, file)), { recursive: true });
    writeFileSync(join(repo, file), content);
  }
}

const manifest = (name: string, version: string, extra: object = {}) =>
  JSON.stringify({ name, version, ...extra });

/** A committed repository with a library at `version`, a private tool and the given changesets. */
function repository(version: string, changesets: Record<string, string> = {}): string {
  const repo = temporaryFolder("ready-to-publish-");
  git(repo, "init", "-q", "-b", "main");
  write(repo, {
    "packages/lib/package.json": manifest("@org/lib", version),
    "tooling/kit/package.json": manifest("@org/kit", "0.0.0", { private: true }),
    ".changeset/README.md": "# Changesets\n",
    ".changeset/config.json": "{}\n",
    ...Object.fromEntries(
      Object.entries(changesets).map(([file, text]) => [`.changeset/${file}`, text]),
    ),
  });
  git(repo, "add", "-A");
  git(repo, "commit", "-q", "-m", "state");
  return repo;
}

/** The check, with npm pointed at a registry nobody listens on, so it is never logged in. */
function check(repo: string) {
  const run = spawnSync(process.execPath, [SCRIPT, "--cwd", repo], {
    encoding: "utf8",
    env: {
      ...process.env,
      npm_config_registry: "http://127.0.0.1:9/",
      npm_config_fetch_retries: "0",
      npm_config_userconfig: join(repo, ".no-npmrc"),
    },
  });
  return { status: run.status, lines: run.stderr.trim().split("\n").filter(Boolean) };
}

afterEach(removeTemporaryFolders);

describe("ready-to-publish, the first step of pnpm release", () => {
  it("GIVEN pending changesets (the version cut not made) WHEN checked THEN it fails, saying to run changeset version first, before any build or test", () => {
    const repo = repository("0.0.0", { "first.md": '---\n"@org/lib": minor\n---\n\nFirst.\n' });
    const result = check(repo);
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      expect.stringContaining("1 changeset(s) are pending (first.md)"),
    ]);
    expect(result.lines[0]).toContain("pnpm changeset version");
  });

  it("GIVEN no changesets but a publishable package still at 0.0.0 WHEN checked THEN it fails naming the package, and a private one is not named", () => {
    const result = check(repository("0.0.0"));
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([expect.stringContaining("@org/lib is still at 0.0.0")]);
  });

  it("GIVEN a version cut with an uncommitted edit WHEN checked THEN it fails saying to commit first", () => {
    const repo = repository("0.1.0");
    write(repo, { "packages/lib/CHANGELOG.md": "# @org/lib\n" });
    const result = check(repo);
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([expect.stringContaining("uncommitted changes")]);
  });

  it("GIVEN a committed version cut and npm not logged in WHEN checked THEN only the login is asked for, naming the registry", () => {
    const repo = repository("0.1.0");
    const result = check(repo);
    expect(result.status).toBe(1);
    expect(result.lines).toEqual([
      expect.stringContaining("npm is not logged in to http://127.0.0.1:9/: run `npm login`"),
    ]);
  });

  it("GIVEN a committed version cut and npm logged in to the registry WHEN checked THEN it passes quietly", async () => {
    const repo = repository("0.1.0");
    // A registry that knows the token: npm whoami asks GET /-/whoami with it.
    const server = createServer((request, response) => {
      const known = request.url === "/-/whoami" && request.headers.authorization === "Bearer t0k";
      response.writeHead(known ? 200 : 401, { "content-type": "application/json" });
      response.end(JSON.stringify(known ? { username: "releaser" } : { error: "no" }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    const userconfig = join(repo, ".git", "npmrc");
    writeFileSync(userconfig, `//127.0.0.1:${port}/:_authToken=t0k\n`);
    try {
      const run = await runCommand(process.execPath, [SCRIPT, "--cwd", repo], {
        cwd: repo,
        env: {
          ...process.env,
          npm_config_registry: `http://127.0.0.1:${port}/`,
          npm_config_fetch_retries: "0",
          npm_config_userconfig: userconfig,
        },
      });
      expect(run, describeRun(run)).toMatchObject({ status: 0, stderr: "" });
    } finally {
      server.close();
    }
  });
});
