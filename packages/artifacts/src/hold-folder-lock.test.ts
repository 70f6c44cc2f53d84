import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import {
  existsSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { holdFolderLock } from "./hold-folder-lock.js";
import { openFolderInside } from "./open-folder-inside.js";
import { setTaskStatus, TASKS_LOCK } from "./set-task-status.js";
import { makeRepository, openedRepository } from "./test-support/temp-repository.js";

const CHANGE = "openspec/changes/add-login";

function escapeRegExp(text: string): string {
  return text.replaceAll(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const rescuers: ChildProcess[] = [];

afterEach(() => {
  for (const rescuer of rescuers.splice(0)) rescuer.kill("SIGKILL");
  removeTemporaryFolders();
});

function changeFolder() {
  const made = makeRepository({
    [`${CHANGE}/proposal.md`]: "## Why\nLogin.\n\n## What Changes\n- Add it\n",
    [`${CHANGE}/tasks.md`]: "## 1. Setup\n- [ ] 1.1 Create the module\n",
  });
  return { ...made, folder: join(made.root, CHANGE) };
}

/**
 * A FIFO at the lock's path, plus a process that writes a dead pid into it
 * much later: a lock that reads the FIFO blocks until then and then takes the
 * lock over, so the test fails with a wrong answer instead of hanging.
 */
function fifoLock(folder: string, name: string): string {
  const path = join(folder, name);
  execFileSync("mkfifo", [path]);
  const rescuer = spawn("sh", ["-c", 'sleep 20; printf 999999999 > "$0"', path], {
    stdio: "ignore",
  });
  rescuers.push(rescuer);
  return path;
}

async function lockIn(root: string, folder: string, name: string, waitMs = 5_000) {
  const opened = openFolderInside(openedRepository(root), folder, { create: false });
  if (!opened.ok) throw new Error(opened.error);
  const events: string[] = [];
  const ticker = setImmediate(() => events.push("event loop turned"));
  try {
    const held = await holdFolderLock(opened.handle, name, () => "worked", waitMs);
    events.push(held.ok ? "lock taken" : `refused: ${held.reason}`);
    return { held, events };
  } finally {
    clearImmediate(ticker);
    opened.handle.close();
  }
}

describe("holdFolderLock with something other than a lock file at its path", () => {
  it.each([
    ["made just now", 0],
    ["with a future time", -3600],
    ["older than a stale lock", 3600],
  ])(
    "GIVEN a FIFO %s at the lock WHEN a writer takes the lock THEN it is refused at once as not_a_file, the event loop turns meanwhile and the FIFO stays",
    async (_when, ageSeconds) => {
      const { root, folder } = changeFolder();
      const path = fifoLock(folder, TASKS_LOCK);
      const seconds = Date.now() / 1000 - ageSeconds;
      utimesSync(path, seconds, seconds);
      const { held, events } = await lockIn(root, folder, TASKS_LOCK);
      expect(held).toMatchObject({ ok: false, reason: "not_a_file" });
      expect(held.ok ? "" : held.error).toBe(
        ".tasks.md.lock is a FIFO, not a lock file; remove it so writers can take turns again.",
      );
      expect(events).toEqual(["event loop turned", "refused: not_a_file"]);
      expect(existsSync(path)).toBe(true);
    },
  );

  it("GIVEN a symlink at the lock leading to a file outside WHEN a writer takes the lock THEN it is refused as a symlink and the file outside is neither read nor removed", async () => {
    const { root, folder } = changeFolder();
    const outside = join(root, "..", `outside-${process.pid}.pid`);
    writeFileSync(outside, "1");
    try {
      symlinkSync(outside, join(folder, TASKS_LOCK));
      const { held } = await lockIn(root, folder, TASKS_LOCK);
      expect(held).toMatchObject({ ok: false, reason: "not_a_file" });
      expect(held.ok ? "" : held.error).toContain("is a symlink");
      expect(existsSync(outside)).toBe(true);
    } finally {
      execFileSync("rm", ["-f", outside]);
    }
  });

  it("GIVEN a regular lock file whose process is gone WHEN a writer takes the lock THEN it takes it over and runs its work", async () => {
    const { root, folder } = changeFolder();
    writeFileSync(join(folder, TASKS_LOCK), "999999999");
    const { held } = await lockIn(root, folder, TASKS_LOCK);
    expect(held).toEqual({ ok: true, value: "worked" });
    expect(existsSync(join(folder, TASKS_LOCK))).toBe(false);
  });

  it("GIVEN a FIFO at .tasks.md.lock WHEN a task is ticked THEN not_a_regular_file with one sentence naming what to remove, and tasks.md is unchanged", async () => {
    const { repository, folder } = changeFolder();
    fifoLock(folder, TASKS_LOCK);
    const answer = await setTaskStatus(repository, {
      change: "add-login",
      ids: ["1.1"],
      done: true,
    });
    expect(answer).toMatchObject({
      ok: false,
      code: "not_a_regular_file",
      error:
        "openspec/changes/add-login/tasks.md cannot be locked for the update: .tasks.md.lock is a FIFO, not a lock file; remove it so writers can take turns again.",
    });
  });
});

describe("holdFolderLock and who holds a lock", () => {
  it("GIVEN a lock file with no owner written in it, made 2 s ago WHEN a writer takes the lock THEN it waits instead of taking the lock over, since a writer paused on a loaded machine may still be in it", async () => {
    const { root, folder } = changeFolder();
    const lock = join(folder, TASKS_LOCK);
    writeFileSync(lock, "");
    const twoSecondsAgo = new Date(Date.now() - 2_000);
    utimesSync(lock, twoSecondsAgo, twoSecondsAgo);
    const { held } = await lockIn(root, folder, TASKS_LOCK, 200);
    expect(held).toMatchObject({ ok: false, reason: "busy" });
    expect(existsSync(lock)).toBe(true);
  });

  it("GIVEN a lock held by a process of another machine sharing the folder WHEN a writer here takes the lock THEN it waits, though no process here has that pid", async () => {
    const { root, folder } = changeFolder();
    const lock = join(folder, TASKS_LOCK);
    writeFileSync(lock, `999999999 build-box-7 ${"ab".repeat(8)}\n`);
    const { held } = await lockIn(root, folder, TASKS_LOCK, 200);
    expect(held).toMatchObject({ ok: false, reason: "busy" });
    expect(readFileSync(lock, "utf8")).toContain("build-box-7");
  });

  it("GIVEN a lock of another machine left 31 s ago WHEN a writer here takes the lock THEN it takes it over and runs its work", async () => {
    const { root, folder } = changeFolder();
    const lock = join(folder, TASKS_LOCK);
    writeFileSync(lock, `999999999 build-box-7 ${"ab".repeat(8)}\n`);
    const longAgo = new Date(Date.now() - 31_000);
    utimesSync(lock, longAgo, longAgo);
    const { held } = await lockIn(root, folder, TASKS_LOCK);
    expect(held).toEqual({ ok: true, value: "worked" });
    expect(existsSync(lock)).toBe(false);
  });

  it("GIVEN a writer holding the lock WHEN its lock file is read THEN it names its pid, this machine and a token, and no temporary file is left beside it", async () => {
    const { root, folder } = changeFolder();
    const opened = openFolderInside(openedRepository(root), folder, { create: false });
    if (!opened.ok) throw new Error(opened.error);
    try {
      const held = await holdFolderLock(opened.handle, TASKS_LOCK, () => ({
        owner: readFileSync(join(folder, TASKS_LOCK), "utf8"),
        entries: readdirSync(folder).sort(),
      }));
      if (!held.ok) throw new Error(held.error);
      expect(held.value.owner).toMatch(
        new RegExp(`^${process.pid} ${escapeRegExp(hostname())} [0-9a-f]{16}\\n$`),
      );
      expect(held.value.entries).toEqual([TASKS_LOCK, "proposal.md", "tasks.md"]);
    } finally {
      opened.handle.close();
    }
    expect(readdirSync(folder).sort()).toEqual(["proposal.md", "tasks.md"]);
  });
});
