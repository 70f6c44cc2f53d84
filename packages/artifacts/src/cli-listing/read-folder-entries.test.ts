import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository, removeTemporaryFolders, turnsDuring } from "@org/test-kit";
import { afterAll, describe, expect, it } from "vitest";
import { readFolderEntries } from "./read-folder-entries.js";

afterAll(removeTemporaryFolders);

describe("reading a folder's entries", () => {
  const root = makeOpenSpecRepository({});

  it("GIVEN a change-sized folder WHEN its entries are read THEN they come without a trip through the thread pool, so a walk of 10,000 such folders costs what synchronous reads cost", async () => {
    const folder = join(root, "small");
    mkdirSync(folder);
    for (const name of ["proposal.md", "tasks.md", "design.md"])
      writeFileSync(join(folder, name), "");
    const { value, turns } = await turnsDuring(() => readFolderEntries(folder, 100));
    expect(Array.isArray(value) && value.map((entry) => entry.name).sort()).toEqual([
      "design.md",
      "proposal.md",
      "tasks.md",
    ]);
    expect(turns).toBe(0);
  });

  // Three batches are enough to show a turn between each two; every file made costs a write.
  it("GIVEN a folder of 2,100 entries WHEN its entries are read THEN the event loop turns between batches of 1,024", async () => {
    const folder = join(root, "big");
    mkdirSync(folder);
    for (let i = 0; i < 2100; i++) writeFileSync(join(folder, `f-${i}`), "");
    const { value, turns } = await turnsDuring(() => readFolderEntries(folder, 10_000));
    expect(Array.isArray(value) && value.length).toBe(2100);
    expect(turns).toBeGreaterThanOrEqual(2);
  });
});
