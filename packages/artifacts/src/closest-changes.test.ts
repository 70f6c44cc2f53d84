import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  turnsDuring,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { listTasks } from "./list-tasks.js";
import { locateActiveChange } from "./locate-active-change.js";
import { openRepository, type Repository } from "./open-repository.js";
import { setTaskStatus } from "./set-task-status.js";

afterEach(removeTemporaryFolders);

function repositoryAt(root: string): Repository {
  const opened = openRepository(root);
  if (!opened.ok) throw new Error(opened.error);
  return opened.repository;
}

describe("a change name with a typo", () => {
  it("GIVEN changes count-uppercase, count-lowercase and add-dark-mode WHEN count-uppercase-y is asked for THEN the failure names count-uppercase first, and no new change is suggested", () => {
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    for (const name of ["count-uppercase", "count-lowercase"]) {
      mkdirSync(join(root, "openspec", "changes", name));
    }
    const located = locateActiveChange(repositoryAt(root), "count-uppercase-y");
    expect(located).toMatchObject({
      ok: false,
      code: "change_not_found",
      error: `No active change "count-uppercase-y" in ${root}; closest: count-uppercase, count-lowercase.`,
      fix: "Name one of count-uppercase, count-lowercase, or list the changes with {tool:openspec_list}.",
    });
  });

  it("GIVEN no change close to the name WHEN it is asked for THEN the failure lists none and says how to list or create changes", () => {
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    expect(locateActiveChange(repositoryAt(root), "zzz")).toMatchObject({
      error: `No active change "zzz" in ${root}.`,
      fix: "List the changes with {tool:openspec_list}, or create this one with {tool:openspec_change_create}.",
    });
  });
});

describe("a change that is already archived", () => {
  const TASKS = "## 1. Sync\n\n- [x] 1.1 Strip refs/heads/\n";
  const archivedRepository = () =>
    repositoryAt(
      makeOpenSpecRepository({
        "openspec/changes/archive/2025-11-10-fix-branch-names/tasks.md": TASKS,
        "openspec/changes/archive/fix-branch-names-2/tasks.md": TASKS,
        "openspec/changes/add-dark-mode/tasks.md": TASKS,
      }),
    );

  it("GIVEN changes/archive/2025-11-10-fix-branch-names WHEN its tasks are asked for or ticked by the plain name or the folder's name THEN the failure says where it is archived and how to put it back, never to create it", async () => {
    const repository = archivedRepository();
    const archived = {
      ok: false,
      code: "change_not_found",
      error:
        '"fix-branch-names" is archived (openspec/changes/archive/2025-11-10-fix-branch-names), not an active change.',
      fix: "Its work is done; put it back with {tool:openspec_change_unarchive} to work on it again, or name an active change.",
    };
    expect(listTasks(repository, { change: "fix-branch-names" })).toEqual(archived);
    expect(
      await setTaskStatus(repository, { change: "fix-branch-names", ids: "all", done: true }),
    ).toEqual(archived);
    expect(locateActiveChange(repository, "2025-11-10-fix-branch-names")).toMatchObject({
      error:
        '"2025-11-10-fix-branch-names" is archived (openspec/changes/archive/2025-11-10-fix-branch-names), not an active change.',
    });
  });

  it("GIVEN a change archived by hand under its own name WHEN it is asked for THEN it is found archived too", () => {
    expect(locateActiveChange(archivedRepository(), "fix-branch-names-2")).toMatchObject({
      error:
        '"fix-branch-names-2" is archived (openspec/changes/archive/fix-branch-names-2), not an active change.',
    });
  });
});

/** Active changes in the repository of the scenario below. */
const CHANGES = 5_000;
/** Entries `readFolderEntries` takes per batch, a turn of the event loop after each. */
const ENTRIES_PER_BATCH = 1024;

describe("a missing change among thousands", () => {
  it("GIVEN 5,000 active changes WHEN tasks of a change that is not there are ticked THEN the event loop turns while changes/ is listed, and the closest names are still given", async () => {
    const root = makeOpenSpecRepository();
    for (let i = 0; i < CHANGES; i++) {
      mkdirSync(join(root, "openspec", "changes", `change-${String(i).padStart(4, "0")}`));
    }
    const { value, turns } = await turnsDuring(() =>
      setTaskStatus(repositoryAt(root), { change: "change-4999x", ids: "all", done: true }),
    );
    // One synchronous listing lets none happen; a listing in batches takes one after each.
    expect(turns).toBeGreaterThanOrEqual(Math.floor(CHANGES / ENTRIES_PER_BATCH));
    expect(value).toMatchObject({
      ok: false,
      code: "change_not_found",
      error: expect.stringContaining("closest: change-4999, "),
    });
  });
});
