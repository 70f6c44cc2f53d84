import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { toolCatalog } from "@org/openspec-core";
import {
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runInProcess } from "./test-support/run-in-process.js";

afterEach(removeTemporaryFolders);

/** The `fix` line a failed command printed. */
function fixLine(stderr: string): string | undefined {
  return stderr.split("\n").find((line) => line.startsWith("fix"));
}

describe("a fix in shell words: commands and flags, not tools and fields", () => {
  it("GIVEN a change with an open task WHEN it is archived from the shell THEN the fix names the shell command and --force, and --json keeps that fix", async () => {
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const run = (args: string[]) => runInProcess(args, toolCatalog, root);

    const refused = await run(["change", "archive", "add-dark-mode"]);
    expect(refused.code).toBe(1);
    expect(fixLine(refused.stderr)).toBe(
      "fix   Tick the finished ones with openspec-agent task done, or pass --force to archive it anyway.",
    );
    const json = JSON.parse((await run(["--json", "change", "archive", "add-dark-mode"])).stdout);
    expect(json).toMatchObject({ code: "tasks_open", fix: expect.stringContaining("--force") });
  });

  it("GIVEN the same refusal through `call` WHEN a tool is called by name with JSON THEN the fix names the tool and field, as an agent's does", async () => {
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const called = await runInProcess(
      [
        "call",
        "openspec_change_archive",
        "--args",
        JSON.stringify({ change: "add-dark-mode", workdir: root }),
      ],
      toolCatalog,
      root,
    );
    expect(JSON.parse(called.stdout)).toMatchObject({
      fix: "Tick the finished ones with openspec_task_set_status with done: true, or pass force: true to archive it anyway.",
    });
  });

  it("GIVEN 40 registered sources WHEN a misspelt one is named THEN the error names the closest few, and the fix says how to list them all in shell words", async () => {
    const { env } = isolatedEnvironment({});
    const parent = temporaryFolder("sources-");
    const names = ["shop", "shop-api", ...Array.from({ length: 38 }, (_, index) => `svc-${index}`)];
    for (const name of names) {
      mkdirSync(join(parent, name, "openspec"), { recursive: true });
      const added = await runInProcess(
        ["sources", "add", join(parent, name)],
        toolCatalog,
        parent,
        env,
      );
      expect(added.code).toBe(0);
    }

    const missing = await runInProcess(["context", "shpo"], toolCatalog, parent, env);

    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(
      /error No source is called "shpo"; closest: shop \(os_[0-9a-f]+\); 40 sources are registered\. \(source_not_found\)/,
    );
    expect(missing.stderr).not.toContain("svc-");
    expect(fixLine(missing.stderr)).toBe(
      "fix   List them all with openspec-agent sources list, or register the repository with openspec-agent sources add.",
    );
  });
});

/** An isolated home where the real OpenSpec CLI is found. */
const withCli = () => isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });

/** A second active change beside add-dark-mode. */
const SECOND_CHANGE = {
  "openspec/changes/add-login/proposal.md":
    "## Why\nPeople need to sign in before they see their invoices, every time.\n\n## What Changes\n- Add a login.\n",
};

describe("human output in the words of a shell user: openspec-agent's commands and flags", () => {
  it("GIVEN a registered folder without openspec/ WHEN list runs in it THEN the fix names openspec-agent openspec init, the command the user has", async () => {
    const { env } = withCli();
    const root = makeOpenSpecRepository({}, "app");
    rmSync(join(root, "openspec"), { recursive: true });
    expect((await runInProcess(["sources", "add", root], toolCatalog, root, env)).code).toBe(0);

    const listed = await runInProcess(["list"], toolCatalog, root, env);

    expect(listed.code).toBe(1);
    expect(fixLine(listed.stderr)).toContain("`openspec-agent openspec init`");
  });

  it("GIVEN a change with only a proposal WHEN status runs THEN the next step names openspec-agent openspec instructions", async () => {
    const root = makeOpenSpecRepository(SECOND_CHANGE);
    const status = await runInProcess(["status", "add-login"], toolCatalog, root, withCli().env);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(
      'next: Run openspec-agent openspec instructions specs --change "add-login" --json',
    );
  });

  it("GIVEN a registered source of two changes WHEN its context is cut at one entry THEN the hint and the note say --source, --offset and --query, not fields", async () => {
    const { env } = isolatedEnvironment({});
    const root = makeOpenSpecRepository({ ...DARK_MODE_CHANGE, ...SECOND_CHANGE });
    expect((await runInProcess(["sources", "add", root], toolCatalog, root, env)).code).toBe(0);

    const context = await runInProcess(["context", "shop", "--limit", "1"], toolCatalog, root, env);

    expect(context.code).toBe(0);
    expect(context.stdout).toContain(
      `Run OpenSpec commands in ${root}, or anywhere with --source "shop"`,
    );
    expect(context.stdout).toContain(
      "call again with --offset 1 for the next page, or narrow them with --query.",
    );
    expect(context.stdout).not.toContain("CLI-backed");
  });

  it("GIVEN two active changes WHEN task list names none THEN the fix says the argument to give, not `change:`", async () => {
    const root = makeOpenSpecRepository({ ...DARK_MODE_CHANGE, ...SECOND_CHANGE });
    const listed = await runInProcess(["task", "list"], toolCatalog, root);
    expect(listed.code).toBe(1);
    expect(fixLine(listed.stderr)).toBe("fix   Pass <change>: one of add-dark-mode, add-login.");
  });

  it("GIVEN diff --git without a spec WHEN it runs THEN the error and fix name the flags, not from_git", async () => {
    const root = makeOpenSpecRepository();
    const diffed = await runInProcess(["diff", "--git"], toolCatalog, root);
    expect(diffed.code).toBe(1);
    expect(diffed.stderr).toContain("error --git needs --spec, the spec to compare with git HEAD.");
    expect(diffed.stderr).not.toContain("from_git");
  });

  it("GIVEN a folder registered already WHEN it is added again THEN the fix points at the source the error names, not at a field the shell does not print", async () => {
    const { env } = isolatedEnvironment({});
    const root = makeOpenSpecRepository();
    expect((await runInProcess(["sources", "add", root], toolCatalog, root, env)).code).toBe(0);
    const again = await runInProcess(
      ["sources", "add", root, "--name", "other"],
      toolCatalog,
      root,
      env,
    );
    expect(again.code).toBe(1);
    expect(fixLine(again.stderr)).toBe(
      "fix   Use the registered source the error names, or remove it with openspec-agent sources remove first.",
    );
  });

  it("GIVEN no OpenSpec store on the machine WHEN the stores are imported THEN the answer names openspec-agent openspec store setup", async () => {
    const { env } = withCli();
    const imported = await runInProcess(
      ["sources", "import", "--openspec-stores"],
      toolCatalog,
      undefined,
      env,
    );
    expect(imported.code).toBe(0);
    expect(imported.stdout).toBe(
      "No OpenSpec stores on this machine (openspec-agent openspec store list is empty); make one with openspec-agent openspec store setup.",
    );
  });

  it("GIVEN a change count-uppercase WHEN task done is given count-uppercase-y THEN the answer names count-uppercase, not how to create a change", async () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/count-uppercase/tasks.md": "## 1. Count\n\n- [ ] 1.1 Count them\n",
    });
    const done = await runInProcess(
      ["task", "done", "count-uppercase-y", "1.1"],
      toolCatalog,
      root,
    );
    expect(done.code).toBe(1);
    expect(done.stderr).toContain('No active change "count-uppercase-y"');
    expect(done.stderr).toContain("; closest: count-uppercase. (change_not_found)");
    expect(fixLine(done.stderr)).toBe(
      "fix   Name count-uppercase, or list the changes with openspec-agent list.",
    );
  });

  it("GIVEN a repository without changes WHEN status names a change that is not there THEN the CLI's refusal is one error, and its advice a fix line in shell words", async () => {
    const root = makeOpenSpecRepository();
    const status = await runInProcess(["status", "nope"], toolCatalog, root, withCli().env);
    expect(status.code).toBe(1);
    expect(status.stderr).toContain(
      "error The openspec CLI exited with code 1: Change 'nope' not found. No changes exist. (exit_nonzero)",
    );
    expect(fixLine(status.stderr)).toBe(
      "fix   Create one with: openspec-agent openspec new change <name>",
    );
  });
});
