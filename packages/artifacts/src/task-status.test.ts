import { execFile } from "node:child_process";
import { readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  makeOpenSpecRepository,
  removeTemporaryFolders,
  runRealOpenSpec,
  temporaryFolder,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { listTasks } from "./list-tasks.js";
import { openRepository, type Repository } from "./open-repository.js";
import { setTaskStatus, TASKS_LOCK } from "./set-task-status.js";

afterEach(removeTemporaryFolders);

const TASKS = [
  "## 1. Setup",
  "- [x] 1.1 Create the module",
  "- [ ] 1.2 Wire the store",
  "  - [ ] 1.2.1 Nested detail",
  "",
  "## 2. Follow-up",
  "* [ ] Untitled follow-up",
  "- [ ] 2.1 Twice numbered",
  "- [ ] 2.1 Twice numbered again",
  "",
].join("\r\n");
const TASKS_FILE = "openspec/changes/add-login/tasks.md";

const EIGHT_TASKS = {
  [TASKS_FILE]: `## 1. Work\n${Array.from({ length: 8 }, (_, index) => `- [ ] 1.${index + 1} Task ${index + 1}`).join("\n")}\n`,
};

/** Ticks each of the eight tasks from a process of its own, all at once, and checks that every tick landed. */
async function expectEightTicksAtOnce(root: string): Promise<void> {
  const worker = join(import.meta.dirname, "test-support", "tick-task.mjs");
  const run = promisify(execFile);
  const answers = await Promise.all(
    Array.from({ length: 8 }, (_, index) =>
      run(process.execPath, [worker, root, "add-login", `1.${index + 1}`, "true"], {
        timeout: 60_000,
      }),
    ),
  );
  for (const answer of answers) expect(JSON.parse(answer.stdout)).toMatchObject({ ok: true });
  const opened = openRepository(root);
  if (!opened.ok) throw new Error(opened.error);
  expect(listTasks(opened.repository, { change: "add-login" })).toMatchObject({
    done: 8,
    total: 8,
  });
  expect(readdirSync(join(root, "openspec/changes/add-login")).sort()).toEqual([
    "proposal.md",
    "tasks.md",
  ]);
}

function repositoryWith(files: Record<string, string> = { [TASKS_FILE]: TASKS }): {
  root: string;
  repository: Repository;
} {
  const root = makeOpenSpecRepository({
    "openspec/changes/add-login/proposal.md": "## Why\nLogin.\n\n## What Changes\n- Add it\n",
    ...files,
  });
  const opened = openRepository(root);
  if (!opened.ok) throw new Error(opened.error);
  return { root, repository: opened.repository };
}

describe("listTasks", () => {
  it("GIVEN numbered, nested, unnumbered and twice-numbered tasks WHEN listed THEN each has an id to tick it by and the counts equal the CLI's", async () => {
    const { root, repository } = repositoryWith();
    const listed = listTasks(repository, { change: "add-login" });
    if (!listed.ok) throw new Error(listed.error);
    expect(listed).toMatchObject({ change: "add-login", path: TASKS_FILE, exists: true });
    expect(listed.tasks.map((task) => task.id)).toEqual(["1.1", "1.2", "1.2.1", "#4", "#5", "#6"]);
    expect(listed.tasks[3]).toEqual({
      id: "#4",
      text: "Untitled follow-up",
      done: false,
      section: "2. Follow-up",
      line: 7,
    });
    const cli = await runRealOpenSpec(root, ["list", "--json"]);
    const change = JSON.parse(cli.stdout).changes[0];
    expect([listed.done, listed.total]).toEqual([change.completedTasks, change.totalTasks]);
  });

  it("GIVEN a change without tasks.md WHEN listed THEN it answers an empty list that says the file is not there", () => {
    const { repository } = repositoryWith({});
    expect(listTasks(repository, { change: "add-login" })).toMatchObject({
      ok: true,
      exists: false,
      tasks: [],
      done: 0,
      total: 0,
    });
  });

  it("GIVEN an archived change name, a traversal or a missing change WHEN listed THEN each is refused with its code", () => {
    const { repository } = repositoryWith();
    expect(listTasks(repository, { change: "archive" })).toMatchObject({ code: "invalid_name" });
    expect(listTasks(repository, { change: "../x" })).toMatchObject({ ok: false });
    expect(listTasks(repository, { change: "nope" })).toMatchObject({ code: "change_not_found" });
  });
});

describe("setTaskStatus", () => {
  it("GIVEN CRLF tasks WHEN two are ticked THEN only their checkboxes change, byte for byte, and the CLI counts them", async () => {
    const { root, repository } = repositoryWith();
    const result = await setTaskStatus(repository, {
      change: "add-login",
      ids: ["1.2.1", "#4", "1.1"],
      done: true,
    });
    expect(result).toMatchObject({
      ok: true,
      changed: ["1.2.1", "#4"],
      unchanged: ["1.1"],
      done: 3,
    });
    expect(readFileSync(join(root, TASKS_FILE), "utf8")).toBe(
      TASKS.replace("  - [ ] 1.2.1", "  - [x] 1.2.1").replace("* [ ] Untitled", "* [x] Untitled"),
    );
    const cli = JSON.parse((await runRealOpenSpec(root, ["list", "--json"])).stdout).changes[0];
    expect(cli.completedTasks).toBe(3);
  });

  it("GIVEN all WHEN undone THEN every box is open and nothing else moved", async () => {
    const { root, repository } = repositoryWith();
    const result = await setTaskStatus(repository, {
      change: "add-login",
      ids: "all",
      done: false,
    });
    expect(result).toMatchObject({ ok: true, changed: ["1.1"], done: 0, total: 6 });
    expect(readFileSync(join(root, TASKS_FILE), "utf8")).toBe(TASKS.replace("[x] 1.1", "[ ] 1.1"));
  });

  it("GIVEN an unknown id among known ones WHEN ticked THEN task_not_found lists the valid ids and the file is untouched", async () => {
    const { root, repository } = repositoryWith();
    const result = await setTaskStatus(repository, {
      change: "add-login",
      ids: ["1.2", "9.9"],
      done: true,
    });
    expect(result).toMatchObject({ ok: false, code: "task_not_found" });
    expect(result.ok ? "" : result.fix).toContain("1.1, 1.2, 1.2.1, #4, #5, #6");
    expect(readFileSync(join(root, TASKS_FILE), "utf8")).toBe(TASKS);
  });

  it("GIVEN a tasks.md that is a symlink out of the repository WHEN ticked THEN it is refused and the outside file is untouched", async () => {
    const outside = join(temporaryFolder("outside-"), "tasks.md");
    writeFileSync(outside, "- [ ] 1.1 Outside\n");
    const { root, repository } = repositoryWith({});
    symlinkSync(outside, join(root, TASKS_FILE));
    const result = await setTaskStatus(repository, { change: "add-login", ids: "all", done: true });
    expect(result).toMatchObject({ ok: false, code: "path_outside_repository" });
    expect(readFileSync(outside, "utf8")).toBe("- [ ] 1.1 Outside\n");
  });

  it("GIVEN eight processes each ticking another task of one tasks.md at once WHEN all finish THEN no tick is lost and no lock or temporary file is left", async () => {
    await expectEightTicksAtOnce(repositoryWith(EIGHT_TASKS).root);
  }, 120_000);

  it("GIVEN a lock left by a process that died, and eight processes each ticking another task of one tasks.md at once WHEN all finish THEN only one takes the dead lock over at a time, no tick is lost and no lock or temporary file is left", async () => {
    const { root } = repositoryWith(EIGHT_TASKS);
    writeFileSync(join(root, "openspec/changes/add-login", TASKS_LOCK), "999999999\n");
    await expectEightTicksAtOnce(root);
  }, 120_000);

  it("GIVEN storage that lost the reply to the link making the lock (NFS: the retried link answers EEXIST though the first made it) WHEN a task is ticked THEN the writer knows the lock is its own by its temporary file's two links: the tick lands at once, and no lock or temporary file is left", async () => {
    const { root } = repositoryWith();
    const worker = join(import.meta.dirname, "test-support", "tick-task-after-lost-link-reply.mjs");
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [worker, root, "add-login", "1.2"],
      { timeout: 60_000 },
    );
    expect(JSON.parse(stdout)).toMatchObject({ lost: true, result: { ok: true } });
    expect(readFileSync(join(root, TASKS_FILE), "utf8")).toContain("- [x] 1.2 Wire the store");
    expect(readdirSync(join(root, "openspec/changes/add-login")).sort()).toEqual([
      "proposal.md",
      "tasks.md",
    ]);
  }, 120_000);
});
