import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  AUTH_SPEC,
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "./program.js";
import { runBin } from "./test-support/run-bin.js";
import { runCommand } from "./test-support/run-command.js";

afterEach(removeTemporaryFolders);

const ESC = "\u001b";

const DELTA =
  "## ADDED Requirements\n\n### Requirement: Sign out\nThe system SHALL end a session on request.\n\n#### Scenario: Button\n- **WHEN** they press sign out\n- **THEN** the session ends\n";
const CHANGE = {
  "openspec/specs/auth/spec.md": AUTH_SPEC,
  "openspec/changes/add-sign-out/proposal.md":
    "## Why\n\nPeople on shared computers need to end their session themselves.\n\n## What Changes\n\n- Add sign out.\n",
  "openspec/changes/add-sign-out/specs/auth/spec.md": DELTA,
};

// git is found on the test process's own PATH; the isolated one holds only node.
const environment = (extra: Record<string, string | undefined> = {}) =>
  isolatedEnvironment({ PATH: process.env.PATH, ...extra }).env;

describe("openspec-agent diff", () => {
  it("GIVEN a change and output that is not a terminal WHEN diff runs THEN the requirements table and the plain unified diff are printed, without one escape code", () => {
    const root = makeOpenSpecRepository(CHANGE);
    const run = runBin(["diff", "add-sign-out"], {
      env: environment({ NO_COLOR: undefined }),
      cwd: root,
    });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("change add-sign-out: 1 spec");
    expect(run.stdout).toMatch(/ADDED +Sign out +\+1 +changed/);
    expect(run.stdout).toContain(
      "--- a/openspec/specs/auth/spec.md\n+++ b/openspec/specs/auth/spec.md\n@@ ",
    );
    expect(run.stdout).toContain("\n+### Requirement: Sign out\n");
    expect(run.stdout).not.toContain(ESC);
  });

  it("GIVEN a terminal that allows colour WHEN diff runs THEN added lines are green and hunk headers cyan", async () => {
    const root = makeOpenSpecRepository(CHANGE);
    const out: string[] = [];
    const terminal = { out: (text: string) => out.push(text), err: () => {}, color: true };
    const code = await runCli(["diff", "add-sign-out"], {
      env: environment(),
      cwd: root,
      terminal,
    });
    expect(code).toBe(0);
    const shown = out.join("\n");
    expect(shown).toContain(`${ESC}[32m+### Requirement: Sign out${ESC}[39m`);
    expect(shown).toMatch(new RegExp(`${ESC}\\[36m@@ -\\d+,\\d+ \\+\\d+,\\d+ @@${ESC}\\[39m`));
  });

  it("GIVEN a spec edited since the last commit WHEN diff --git --spec runs THEN HEAD's file is compared with the working one", async () => {
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    const git = (...args: string[]) =>
      execFileSync("git", [
        "-c",
        "user.name=T",
        "-c",
        "user.email=t@example.com",
        "-C",
        root,
        ...args,
      ]);
    git("init", "--quiet");
    git("add", "-A");
    git("commit", "--quiet", "-m", "Baseline");
    writeFileSync(
      join(root, "openspec/specs/auth/spec.md"),
      AUTH_SPEC.replace("correct email", "verified email"),
    );

    const env = environment();
    const shown = await runCommand(["diff", "--git", "--spec", "auth"], { env, cwd: root });
    expect(shown.status).toBe(0);
    expect(shown.stdout).toContain("working tree against HEAD");
    expect(shown.stdout).toContain(
      "-The system SHALL sign a person in with a correct email and password.",
    );
    expect(shown.stdout).toContain(
      "+The system SHALL sign a person in with a verified email and password.",
    );

    const json = JSON.parse(
      (await runCommand(["diff", "--git", "--spec", "auth", "--json"], { env, cwd: root })).stdout,
    );
    expect(json).toMatchObject({
      ok: true,
      from_git: true,
      specs: [{ requirements: [{ name: "Sign in", operation: "MODIFIED", text_changed: true }] }],
    });
  });

  it("GIVEN --git without --spec WHEN diff runs THEN it fails with invalid_input and a fix that names --spec's field", async () => {
    const root = makeOpenSpecRepository();
    const run = await runCommand(["diff", "--git"], { env: environment(), cwd: root });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("(invalid_input)");
    expect(run.stderr).toContain("spec");
  });
});
