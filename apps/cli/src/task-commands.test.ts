import { readFileSync } from "node:fs";
import { join } from "node:path";
import { toolCatalog } from "@org/openspec-core";
import {
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runBin } from "./test-support/run-bin.js";
import { runCommand } from "./test-support/run-command.js";
import { runInProcess } from "./test-support/run-in-process.js";

afterEach(removeTemporaryFolders);

const TASKS = "openspec/changes/add-dark-mode/tasks.md";

describe("task commands, generated from the task tools", () => {
  it("GIVEN a change with tasks WHEN ids are ticked as words, unticked with --no-done and all ticked THEN the file follows and the checklist shows each id", async () => {
    const { env } = isolatedEnvironment({});
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const run = (args: string[]) => runCommand(args, { env, cwd: root });

    const listed = await run(["task", "list"]);
    expect(listed.status).toBe(0);
    expect(listed.stdout).toContain("[x] 1.1 Pick colours");
    expect(listed.stdout).toContain("[ ] 1.2 Ship it");
    // The change named as a word, as `diff` and `change archive` take it.
    const named = await run(["task", "list", "add-dark-mode"]);
    expect(named.status).toBe(0);
    expect(named.stdout).toContain("add-dark-mode: 1/2 tasks done");
    expect(named.stdout).not.toContain("No change was named");

    expect((await run(["task", "set", "1.2", "--done", "-c", "add-dark-mode"])).status).toBe(0);
    expect(readFileSync(join(root, TASKS), "utf8")).toContain("- [x] 1.2 Ship it");

    expect(
      (await run(["task", "set", "1.1", "1.2", "--no-done", "-c", "add-dark-mode"])).status,
    ).toBe(0);
    expect(readFileSync(join(root, TASKS), "utf8")).not.toContain("[x]");

    const all = await run(["task", "set", "all", "--done", "-c", "add-dark-mode", "--json"]);
    expect(JSON.parse(all.stdout)).toMatchObject({ ok: true, done: 2, total: 2 });
  });

  it("GIVEN neither --done nor --no-done WHEN task set runs THEN it is a usage error and the file is untouched", () => {
    const { env } = isolatedEnvironment({});
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const before = readFileSync(join(root, TASKS), "utf8");
    const result = runBin(["task", "set", "1.2", "-c", "add-dark-mode"], { env, cwd: root });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("--done or --no-done");
    expect(readFileSync(join(root, TASKS), "utf8")).toBe(before);
  });

  it("GIVEN a change with tasks WHEN task done and task undo run THEN they tick and untick as task set --done and --no-done do", async () => {
    const { env } = isolatedEnvironment({});
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const run = (args: string[]) => runCommand(args, { env, cwd: root });
    const done = await run(["task", "done", "1.2", "-c", "add-dark-mode"]);
    expect(done.status).toBe(0);
    expect(done.stdout).toContain("updated 1.2");
    expect(readFileSync(join(root, TASKS), "utf8")).toContain("- [x] 1.2 Ship it");
    const undone = await run(["task", "undo", "all", "-c", "add-dark-mode", "--json"]);
    expect(JSON.parse(undone.stdout)).toMatchObject({ ok: true, done: 0, total: 2 });
    expect(readFileSync(join(root, TASKS), "utf8")).not.toContain("[x]");
    expect((await run(["task", "done", "--help"])).stdout).not.toContain("--no-done");
  });

  it("GIVEN a change with tasks WHEN task done, undo and set name the change as a word, as task list does THEN each acts as with -c, and ids left out is a usage error", async () => {
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    const run = (args: string[]) => runInProcess(args, toolCatalog, root);

    const done = await run(["task", "done", "add-dark-mode", "1.2"]);
    expect(done.code).toBe(0);
    expect(done.stdout).toContain("updated 1.2");
    expect(readFileSync(join(root, TASKS), "utf8")).toContain("- [x] 1.2 Ship it");

    expect((await run(["task", "undo", "add-dark-mode", "1.1", "1.2"])).code).toBe(0);
    expect(readFileSync(join(root, TASKS), "utf8")).not.toContain("[x]");

    const set = await run(["--json", "task", "set", "add-dark-mode", "all", "--done"]);
    expect(JSON.parse(set.stdout)).toMatchObject({ ok: true, done: 2, total: 2 });

    // -c keeps working, the words then being ids only.
    const undone = await run(["--json", "task", "undo", "1.1", "1.2", "-c", "add-dark-mode"]);
    expect(JSON.parse(undone.stdout)).toMatchObject({ ok: true, changed: ["1.1", "1.2"] });

    const noIds = await run(["task", "done", "add-dark-mode"]);
    expect(noIds.code).toBe(2);
    expect(noIds.stderr).toContain("missing required argument 'ids'");
  });
});
