import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder, temporaryFoldersInMemory } from "@org/test-kit";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BURST_QUIET_MS,
  DEFAULT_MAX_FOLDER_WATCHES,
  folderWatchCount,
  setMaxFolderWatches,
  TreeWatcher,
} from "./tree-watcher.js";

const watchers: TreeWatcher[] = [];
// Thousands of folders made and removed per check: in memory where the machine has room, which
// inotify watches as it watches a disk, without minutes of waiting on a disk others keep busy.
let leaveMemory: () => void = () => {};
beforeEach(() => {
  leaveMemory = temporaryFoldersInMemory();
});
afterEach(async () => {
  for (const watcher of watchers.splice(0)) watcher.close();
  // A burst of a check's events ends BURST_QUIET_MS after its last event, and then walks every
  // tree watched at that moment again. Timers run in the order they fall due, so this one runs
  // after that end, and the next check's trees are never walked again for this check's burst.
  await new Promise((resolve) => setTimeout(resolve, BURST_QUIET_MS + 1));
  setMaxFolderWatches(DEFAULT_MAX_FOLDER_WATCHES);
  removeTemporaryFolders();
  leaveMemory();
});

/** Waits for a condition; the deadline only guards against a hang on a loaded machine. */
async function until(condition: () => boolean, what: () => string): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > 60_000) throw new Error(`gave up waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** openspec/changes/ with `count` change folders, each with specs/cart/ below it. */
function changesTree(count: number): { root: string; changes: string } {
  const root = join(temporaryFolder("tree-watcher-"), "openspec");
  const changes = join(root, "changes");
  for (let i = 0; i < count; i++)
    mkdirSync(join(changes, `c-${i}`, "specs", "cart"), { recursive: true });
  return { root, changes };
}

async function watched(root: string, onChange: () => void = () => {}): Promise<TreeWatcher> {
  const watcher = new TreeWatcher(root, onChange);
  watchers.push(watcher);
  await watcher.start();
  return watcher;
}

/** Removes every change folder one by one and answers the steps the watcher took to let go of them. */
async function removeAll(count: number): Promise<number> {
  const { root, changes } = changesTree(count);
  const watcher = await watched(root);
  expect(watcher.size).toBe(2 + count * 3);
  for (let i = 0; i < count; i++) rmSync(join(changes, `c-${i}`), { recursive: true });
  await until(
    () => watcher.size === 2,
    () => `the watches of ${count * 3} removed folders to be let go of (${watcher.size - 2} left)`,
  );
  // A walk again after the burst (removals in memory come fast enough for one) lets go of the two left.
  return watcher.forgotten - 2 * watcher.rescans;
}

/**
 * The events the kernel queues for one process before it drops the rest
 * (`max_queued_events`), or undefined where there is no inotify.
 */
function inotifyQueueSize(): number | undefined {
  const setting = "/proc/sys/fs/inotify/max_queued_events";
  if (process.platform !== "linux" || !existsSync(setting)) return undefined;
  return Number.parseInt(readFileSync(setting, "utf8"), 10);
}

const queueSize = inotifyQueueSize();
// Three events per removed folder (its name in the parent, its own removal, its watch's end):
// a thousand folders more than the queue holds events for, so some events are certainly lost.
const beyondQueue = queueSize === undefined ? 0 : Math.ceil(queueSize / 3) + 1000;

describe("TreeWatcher", () => {
  it.skipIf(queueSize === undefined || beyondQueue > 20_000)(
    `GIVEN ${beyondQueue} watched folders, more than the kernel's event queue holds WHEN the whole tree is removed at once THEN the watcher ends watching the root alone, letting go of each folder about once`,
    async () => {
      const root = join(temporaryFolder("tree-watcher-"), "openspec");
      const changes = join(root, "changes");
      for (let i = 0; i < beyondQueue; i++) mkdirSync(join(changes, `c-${i}`), { recursive: true });
      let events = 0;
      const watcher = await watched(root, () => events++);
      expect(watcher.size).toBe(2 + beyondQueue);
      // Synchronous, so the process reads none of the events while they pile up in the kernel.
      rmSync(changes, { recursive: true });
      await until(
        () => watcher.size === 1 && watcher.rescans > 0,
        () =>
          `the watches of ${beyondQueue + 1} removed folders to be let go of after ${events} events (${watcher.size - 1} left, ${watcher.rescans} walks again)`,
      );
      // Each removed folder once, and the root once more when the tree is walked again.
      expect(watcher.forgotten).toBeLessThanOrEqual(beyondQueue + 2);
      expect(watcher.rescans).toBe(1);
    },
  );

  it("GIVEN N and then 4N watched change folders WHEN each is removed THEN letting go of them costs steps in proportion to the folders removed, not to the folders watched times the removals", async () => {
    const small = await removeAll(300);
    const large = await removeAll(1200);
    // Three folders per change: each is let go of once.
    expect(small).toBe(900);
    expect(large).toBe(3600);
    expect(large / small).toBeLessThan(4 * 1.5);
  });

  it("GIVEN a cap below the tree's folders WHEN the tree is watched THEN it holds at most the cap, those nearest the root, warns once, and reports a change in an unwatched folder on its timer", async () => {
    const { root, changes } = changesTree(10);
    const base = folderWatchCount().watching;
    setMaxFolderWatches(base + 12, { pollMs: 50 });
    const warnings: string[] = [];
    const onWarning = (warning: Error & { code?: string }) => {
      if (warning.code === "OPENSPEC_FOLDER_WATCH_CAP") warnings.push(warning.message);
    };
    process.on("warning", onWarning);
    try {
      let events = 0;
      const watcher = await watched(root, () => events++);
      const other = await watched(changesTree(2).root);
      expect(watcher.size).toBe(12);
      expect(other.size).toBe(0);
      expect(folderWatchCount()).toEqual({ watching: base + 12, max: base + 12 });
      expect(watcher.capped).toBe(true);
      // openspec/, changes/ and the ten change folders: each level before the next.
      expect(watcher.size).toBe(2 + 10);
      await until(
        () => warnings.length > 0,
        () => "the warning that the cap is reached",
      );
      const before = events;
      writeFileSync(join(changes, "c-3", "specs", "cart", "spec.md"), "# Cart\n");
      await until(
        () => events > before,
        () => "the capped tree to report a change on its timer",
      );
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain("folders beyond them are not watched");
      // Both trees let go of every watch they hold: a walk after an earlier burst may have handed
      // the second tree some of the cap's watches once the first let go of its own.
      watcher.close();
      other.close();
      expect(folderWatchCount().watching).toBe(base);
    } finally {
      process.off("warning", onWarning);
    }
  });
});
