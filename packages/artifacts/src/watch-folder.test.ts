import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder, turnsDuring } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { folderWatchStats, watchFolder } from "./watch-folder.js";

afterEach(removeTemporaryFolders);

/** Waits for a condition; the deadline only guards against a hang on a loaded machine. */
async function until(condition: () => boolean, what: string): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > 30_000) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** An openspec/ folder with `changes` change folders, each with a delta spec folder. */
function makeTree(changes: number): { root: string; folders: number } {
  const root = join(temporaryFolder("watch-folder-"), "openspec");
  for (let i = 0; i < changes; i++) {
    mkdirSync(join(root, "changes", `change-${i}`, "specs", "cart"), { recursive: true });
    writeFileSync(join(root, "changes", `change-${i}`, "proposal.md"), `# ${i}\n`);
  }
  // openspec/, changes/, and three folders per change.
  return { root, folders: 2 + changes * 3 };
}

describe("watchFolder", () => {
  it("GIVEN two subscribers of one folder WHEN both watch it THEN the process holds one watch per folder, both hear events, and the watches close with the last subscriber", async () => {
    const { root, folders } = makeTree(5);
    const before = folderWatchStats();
    let first = 0;
    let second = 0;
    const one = watchFolder(root, () => first++);
    const two = watchFolder(root, () => second++);
    await Promise.all([one.ready, two.ready]);
    expect(folderWatchStats()).toEqual({
      folders: before.folders + 1,
      watchers: before.watchers + folders,
      subscribers: before.subscribers + 2,
    });

    writeFileSync(join(root, "changes", "change-3", "specs", "cart", "spec.md"), "# Cart\n");
    await until(() => first > 0 && second > 0, "both subscribers to hear the write");

    expect(one.close()).toBe(false);
    const heard = second;
    const generation = two.generation();
    writeFileSync(join(root, "changes", "change-1", "tasks.md"), "- [ ] 1.1 x\n");
    await until(() => second > heard, "the remaining subscriber to hear the next write");
    expect(two.generation()).not.toBe(generation);
    expect(folderWatchStats().watchers).toBe(before.watchers + folders);

    expect(two.close()).toBe(true);
    expect(folderWatchStats()).toEqual(before);
  });

  it("GIVEN a tree of many folders WHEN it is watched THEN the walk gives the event loop back while it runs", async () => {
    const { root, folders } = makeTree(200);
    const watch = watchFolder(root, () => {});
    expect(watch.isReady()).toBe(false);
    const { turns } = await turnsDuring(() => watch.ready);
    expect(watch.isReady()).toBe(true);
    expect(folderWatchStats().watchers).toBeGreaterThanOrEqual(folders);
    // A synchronous walk (Node 20's recursive fs.watch) lets no other callback run until it is done.
    expect(turns).toBeGreaterThan(folders / 10);
    watch.close();
  });

  it("GIVEN a watched folder WHEN it is replaced by another, or created after the watch began THEN writes in the new folder are heard", async () => {
    const { root } = makeTree(1);
    let events = 0;
    const watch = watchFolder(root, () => events++);
    await watch.ready;
    const next = `${root}-next`;
    mkdirSync(join(next, "specs", "auth"), { recursive: true });
    renameSync(root, `${root}-old`);
    renameSync(next, root);
    await until(() => events > 0, "the swap to be heard");
    const afterSwap = events;
    // The new folder's own subfolders are watched once the parent saw the swap.
    await until(() => {
      writeFileSync(join(root, "specs", "auth", "spec.md"), `# Auth ${events}\n`);
      return events > afterSwap + 1;
    }, "a write in the new folder to be heard");
    watch.close();

    const later = join(temporaryFolder("watch-later-"), "openspec");
    let heard = 0;
    const pending = watchFolder(later, () => heard++);
    await pending.ready;
    mkdirSync(join(later, "changes"), { recursive: true });
    await until(() => heard > 0, "the folder's creation to be heard");
    const created = heard;
    await until(() => {
      writeFileSync(join(later, "changes", "note.md"), `${heard}\n`);
      return heard > created + 1;
    }, "a write in the created folder to be heard");
    pending.close();
  });
});
