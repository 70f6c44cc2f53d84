import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { temporaryFolder, turnsDuring } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { generateRepository } from "../../../bench/generate-repository.mjs";
import { fingerprintFolders } from "./fingerprint-folders.js";
import { cleanUp } from "./test-support/fixture.js";

afterEach(cleanUp);

describe("fingerprintFolders", () => {
  it("GIVEN a file written just now WHEN the folder is fingerprinted THEN the fingerprint is racy; a tick later it is not, and the digest is the same", async () => {
    const root = temporaryFolder("fingerprint-");
    mkdirSync(join(root, "openspec"));
    writeFileSync(join(root, "openspec", "config.yaml"), "schema: spec-driven\n");

    const now = await fingerprintFolders(join(root, "openspec"), []);
    await sleep(100);
    const later = await fingerprintFolders(join(root, "openspec"), []);

    expect(now?.racy).toBe(true);
    expect(later).toMatchObject({ racy: false, digest: now?.digest, entries: 2 });
  });

  it("GIVEN no openspec/ folder, or a file in its place WHEN fingerprinted THEN there is no fingerprint: the CLI would read another folder", async () => {
    const root = temporaryFolder("fingerprint-");
    expect(await fingerprintFolders(join(root, "openspec"), [])).toBeNull();
    writeFileSync(join(root, "openspec"), "");
    expect(await fingerprintFolders(join(root, "openspec"), [])).toBeNull();
  });

  it("GIVEN a user folder that appears WHEN fingerprinted again THEN the digest changes", async () => {
    const root = temporaryFolder("fingerprint-");
    mkdirSync(join(root, "openspec"));
    const config = join(root, "config", "openspec");
    const before = await fingerprintFolders(join(root, "openspec"), [config]);
    mkdirSync(config, { recursive: true });
    const after = await fingerprintFolders(join(root, "openspec"), [config]);
    expect(after?.digest).not.toBe(before?.digest);
  });

  it("GIVEN folders fingerprinted once WHEN a file is added, then written, then renamed, then removed (each a tick apart) THEN every fingerprint after differs from the one before, and counts the files there are", async () => {
    const root = temporaryFolder("fingerprint-");
    const specs = join(root, "openspec", "specs", "auth");
    mkdirSync(specs, { recursive: true });
    writeFileSync(join(specs, "spec.md"), "# Auth\n");
    const openspec = join(root, "openspec");
    const digests: string[] = [];
    const entries: number[] = [];
    const take = async () => {
      await sleep(100);
      const fingerprint = await fingerprintFolders(openspec, []);
      expect(fingerprint?.racy).toBe(false);
      digests.push(fingerprint?.digest ?? "");
      entries.push(fingerprint?.entries ?? 0);
    };
    await take();
    await take();
    writeFileSync(join(specs, "notes.md"), "one\n");
    await take();
    // Only the new file's own stat moves: the walk must list the folder again to see it.
    writeFileSync(join(specs, "notes.md"), "two\n");
    await take();
    renameSync(join(specs, "notes.md"), join(specs, "later.md"));
    await take();
    writeFileSync(join(specs, "later.md"), "three\n");
    await take();
    rmSync(join(specs, "later.md"));
    await take();

    expect(digests[1]).toBe(digests[0]);
    for (let index = 2; index < digests.length; index += 1) {
      expect(digests[index], `fingerprint ${index}`).not.toBe(digests[index - 1]);
    }
    expect(entries).toEqual([4, 4, 5, 5, 5, 5, 4]);
  });

  // What the walk costs against the `openspec list` run it saves is a figure of
  // bench/shared-cli-answers.mjs (1.7–2.3 s against 26.4 s at 10,000 changes), not a test bound.
  it("GIVEN a repository of 400 changes (more paths than one slice of the walk) WHEN its fingerprint is taken THEN every path under openspec/ is in it", async () => {
    const root = generateRepository({ changes: 400, archived: 40, specs: 40, requirements: 4 });
    try {
      const fingerprint = await fingerprintFolders(join(root, "openspec"), []);
      expect(fingerprint?.entries).toBe(2_604);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("GIVEN 3,000 small folders never listed before WHEN their fingerprint is taken THEN the event loop turns at least every 500 folders listed, not only every 2,000 paths stat'ed", async () => {
    const root = temporaryFolder("fingerprint-");
    const openspec = join(root, "openspec");
    // 30 folders of 100: each folder fits in one synchronous batch, so no turn comes from a read of the thread pool.
    for (let group = 0; group < 30; group += 1) {
      for (let index = 0; index < 100; index += 1) {
        const folder = join(openspec, "changes", `group-${group}`, `change-${index}`);
        mkdirSync(folder, { recursive: true });
        writeFileSync(join(folder, "tasks.md"), "- [ ] 1.1 Do\n");
      }
    }
    const { value, turns } = await turnsDuring(() => fingerprintFolders(openspec, []));
    const folders = 1 + 1 + 30 + 3_000;
    expect(value?.entries).toBe(folders + 3_000);
    expect(turns).toBeGreaterThanOrEqual(Math.floor(folders / 500));
  });
});
