import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { openLibraryHost } from "@org/host-harness";
import {
  AUTH_SPEC,
  DARK_MODE_CHANGE,
  gitFolder,
  isolatedEnvironment,
  makeOpenSpecRepository,
  plantGitPrograms,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import {
  createToken,
  type HttpServerProcess,
  openRawSession,
  startHttpServerProcess,
} from "./processes/http-server-process.js";
import { commitAll } from "./sandbox/commit-all.js";
import { registerSource } from "./sandbox/register-source.js";

const servers: HttpServerProcess[] = [];
afterEach(async () => {
  await Promise.allSettled(servers.splice(0).map((server) => server.stop()));
  removeTemporaryFolders();
});

const EDITED = AUTH_SPEC.replace("correct email", "correct email address");
const SECRET = "SECRET-OF-ANOTHER-REPOSITORY-51c2";

/**
 * Two sources: `planted`, a committed repository whose git configuration,
 * attributes, hooks and home name a program for everything git could start,
 * and `borrowed`, whose `.git` is a file naming another repository's git
 * folder (that repository's spec holds `SECRET`). git is on the PATH.
 */
async function gitSandbox() {
  const isolated = isolatedEnvironment({
    PATH: `${dirname(process.execPath)}:${gitFolder()}`,
  });
  const planted = makeOpenSpecRepository(
    { ...DARK_MODE_CHANGE, "openspec/specs/auth/spec.md": AUTH_SPEC },
    "planted",
  );
  commitAll(planted);
  const programs = plantGitPrograms(planted, isolated.home);
  writeFileSync(join(planted, "openspec/specs/auth/spec.md"), EDITED);
  const other = makeOpenSpecRepository(
    { "openspec/specs/auth/spec.md": `# Auth\n\n${SECRET}\n` },
    "other",
  );
  commitAll(other);
  const borrowed = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC }, "borrowed");
  writeFileSync(join(borrowed, ".git"), `gitdir: ${join(other, ".git")}\n`);
  await registerSource(isolated.env, planted, "planted");
  await registerSource(isolated.env, borrowed, "borrowed");
  return { ...isolated, programs };
}

type Call = (tool: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>;

/** Every tool that runs git, on both sources, with what each must answer. */
async function callEveryGitTool(call: Call) {
  return {
    times: await call("openspec_context", { identifier: "planted", last_modified: true }),
    diff: await call("openspec_spec_diff", { source: "planted", spec: "auth", from_git: true }),
    borrowedDiff: await call("openspec_spec_diff", {
      source: "borrowed",
      spec: "auth",
      from_git: true,
    }),
    borrowedTimes: await call("openspec_context", { identifier: "borrowed", last_modified: true }),
  };
}

function expectObeyedNothing(
  answers: Awaited<ReturnType<typeof callEveryGitTool>>,
  ran: () => string[],
) {
  expect(ran()).toEqual([]);
  expect(answers.times).toMatchObject({
    ok: true,
    changes: [{ name: "add-dark-mode", last_modified: expect.any(String) }],
  });
  expect(answers.diff).toMatchObject({
    ok: true,
    spec: "auth",
    status: "modified",
    baseline_exists: true,
  });
  expect(answers.borrowedDiff).toMatchObject({ ok: false, code: "git_outside_repository" });
  expect(String(answers.borrowedDiff.error)).toMatch(/^git was not run: .*\.git leads to /);
  expect(answers.borrowedTimes).toMatchObject({ ok: true });
  expect(JSON.stringify(answers)).not.toContain(SECRET);
}

// git obeys a repository's configuration with the server's authority: a clean
// filter named in .git/config ran when openspec_context read change times, and
// a .git file naming another repository made openspec_spec_diff answer with
// that repository's committed spec.
describe("git obeys nothing a repository names", () => {
  it("GIVEN filters, textconv, hooks, fsmonitor, pagers, an external diff and a global configuration with an include WHEN the library host reads change times and diffs against HEAD THEN none of their programs runs, the answers are git's, and a .git file to another repository is refused", async () => {
    const sandbox = await gitSandbox();
    const host = await openLibraryHost({ env: sandbox.env, cwd: sandbox.home });
    try {
      const call: Call = async (tool, args) => {
        const answer = (await host.call(tool, args)) as { result: Record<string, unknown> };
        return answer.result;
      };
      expectObeyedNothing(await callEveryGitTool(call), sandbox.programs.ran);
    } finally {
      await host.close();
    }
  });

  it("GIVEN the same sources on the team HTTP server WHEN a read-only token reads change times and diffs against HEAD THEN no program runs and the .git file to another repository is refused", async () => {
    const sandbox = await gitSandbox();
    const secret = await createToken(sandbox.env, sandbox.home, "reader", true);
    const server = await startHttpServerProcess(sandbox.env, sandbox.home);
    servers.push(server);
    const session = await openRawSession(server.url, secret);

    const answers = await callEveryGitTool((tool, args) => session.callTool(tool, args));

    expectObeyedNothing(answers, sandbox.programs.ran);
  });
});
