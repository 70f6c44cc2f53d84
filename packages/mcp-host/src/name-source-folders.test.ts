import { execFileSync } from "node:child_process";
import { closeSync, constants, mkdirSync, openSync, rmSync, symlinkSync } from "node:fs";
import { open } from "node:fs/promises";
import { join } from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { nameSourceFolders } from "./name-source-folders.js";

afterAll(removeTemporaryFolders);

/**
 * Keeps every thread of Node's file-system pool busy opening a FIFO that has
 * no writer, as a hung network mount would, until `release` gives each FIFO a
 * writer: until then no asynchronous file-system call can answer, however
 * fast the disk, so a test sees what waits on the file system and what does not.
 */
async function holdFileSystemThreads(base: string) {
  const threads = Number(process.env.UV_THREADPOOL_SIZE) || 4;
  const fifos = Array.from({ length: threads }, (_, index) => join(base, `fifo-${index}`));
  for (const fifo of fifos) execFileSync("mkfifo", [fifo]);
  const readers = fifos.map((fifo) => open(fifo, "r"));
  return {
    async release() {
      // Opened for reading and writing, a FIFO counts as written to at once on
      // Linux, whether or not its reader's open has started yet.
      const writers = fifos.map((fifo) => openSync(fifo, constants.O_RDWR));
      for (const reader of await Promise.all(readers)) await reader.close();
      for (const writer of writers) closeSync(writer);
    },
  };
}

describe("nameSourceFolders", () => {
  it("GIVEN sources registered through symlinks WHEN an answer names their real folders THEN each reads as its source's name, and other callers' turns go on while the file system has not answered", async () => {
    const base = temporaryFolder("named-");
    const sources = Array.from({ length: 50 }, (_, index) => {
      const real = join(base, "disk", `repo-${index}`);
      mkdirSync(real, { recursive: true });
      const path = join(base, `link-${index}`);
      symlinkSync(real, path);
      return { name: `repo-${index}`, path };
    });
    const answer = {
      error: `Failed to read ${join(base, "disk", "repo-7", "openspec", "config.yaml")}: nope.`,
      path: join(base, "link-8"),
    };
    const events: string[] = [];
    const held = await holdFileSystemThreads(base);
    const named = nameSourceFolders(answer, sources).then((value) => {
      events.push("answer named");
      return value;
    });
    for (let turn = 1; turn <= 3; turn++) {
      await nextTurn();
      events.push(`turn ${turn}`);
    }
    await held.release();
    const value = await named;
    expect(events).toEqual(["turn 1", "turn 2", "turn 3", "answer named"]);
    expect(value).toEqual({
      error: "Failed to read repo-7/openspec/config.yaml: nope.",
      path: "repo-8",
    });
  });

  it("GIVEN a source's symlink pointed elsewhere after an answer WHEN the next answer names the new folder THEN it reads as the source's name, and the old folder no longer does", async () => {
    const base = temporaryFolder("moved-");
    const [first, second] = [join(base, "first"), join(base, "second")];
    mkdirSync(first);
    mkdirSync(second);
    const path = join(base, "shop");
    symlinkSync(first, path);
    const sources = [{ name: "shop", path }];
    expect(await nameSourceFolders({ at: `${first}/x` }, sources)).toEqual({ at: "shop/x" });
    rmSync(path);
    symlinkSync(second, path);
    expect(await nameSourceFolders({ at: `${second}/x`, old: `${first}/x` }, sources)).toEqual({
      at: "shop/x",
      old: `${first}/x`,
    });
  });
});
