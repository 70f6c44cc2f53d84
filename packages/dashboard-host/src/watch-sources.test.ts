import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { SourceWatcher } from "./watch-sources.js";

afterEach(() => removeTemporaryFolders());

describe("GIVEN a watcher on a source's openspec/ folder", () => {
  it("WHEN several files change at once THEN it reports the source once, and nothing after close", async () => {
    const root = temporaryFolder("watch-");
    mkdirSync(join(root, "openspec", "changes", "a"), { recursive: true });
    const seen: string[] = [];
    const watcher = new SourceWatcher((name) => seen.push(name), 100);
    await watcher.sync([{ name: "shop", path: root }]);
    expect(watcher.watched()).toEqual(["shop"]);
    writeFileSync(join(root, "openspec", "changes", "a", "tasks.md"), "- [ ] 1.1 x\n");
    writeFileSync(join(root, "openspec", "changes", "a", "proposal.md"), "# a\n");
    await waitFor(() => seen.length > 0, 5000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual(["shop"]);
    watcher.close();
    expect(watcher.watched()).toEqual([]);
    writeFileSync(join(root, "openspec", "changes", "a", "tasks.md"), "- [x] 1.1 x\n");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual(["shop"]);
  });

  it("WHEN a folder is created after the start THEN files written inside it are reported too", async () => {
    const root = temporaryFolder("watch-");
    mkdirSync(join(root, "openspec", "changes"), { recursive: true });
    const seen: string[] = [];
    const watcher = new SourceWatcher((name) => seen.push(name), 50);
    await watcher.sync([{ name: "shop", path: root }]);
    mkdirSync(join(root, "openspec", "changes", "new", "specs", "cart"), { recursive: true });
    await waitFor(() => seen.length > 0, 5000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    seen.length = 0;
    writeFileSync(join(root, "openspec", "changes", "new", "specs", "cart", "spec.md"), "# cart\n");
    await waitFor(() => seen.length > 0, 5000);
    expect(seen).toEqual(["shop"]);
    watcher.close();
  });

  it("WHEN a source leaves the list THEN its watcher is closed", () => {
    const root = temporaryFolder("watch-");
    mkdirSync(join(root, "openspec"));
    const watcher = new SourceWatcher(() => {});
    watcher.sync([{ name: "shop", path: root }]);
    watcher.sync([]);
    expect(watcher.watched()).toEqual([]);
    watcher.close();
  });
});

async function waitFor(check: () => boolean, deadlineMs: number): Promise<void> {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > deadlineMs) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
