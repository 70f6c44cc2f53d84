import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  DARK_MODE_CHANGE,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  turnsDuring,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
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
