import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { temporaryFolder, turnsDuring } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { listChangeFolders } from "./list-change-folders.js";
import { cleanUp } from "./test-support/fixture.js";

afterEach(cleanUp);

describe("listing the change folders of a validation of everything", () => {
  it("GIVEN changes/ of 5,000 change folders, the archive, a store marker folder and a file WHEN listed THEN the event loop turns while the batches after the first are read, and every folder but the archive is named", async () => {
    const changes = join(temporaryFolder("changes-"), "changes");
    for (let index = 0; index < 5_000; index += 1) {
      mkdirSync(join(changes, `change-${index}`), { recursive: true });
    }
    mkdirSync(join(changes, "archive"));
    mkdirSync(join(changes, ".openspec-store"));
    writeFileSync(join(changes, "notes.md"), "");

    const { value, turns } = await turnsDuring(() => listChangeFolders(changes));

    // Four batches of 1,024 entries after the first, each awaited.
    expect(turns).toBeGreaterThanOrEqual(4);
    expect(value).toHaveLength(5_001);
    expect(value).toContain(".openspec-store");
    expect(value).not.toContain("archive");
    expect(value).not.toContain("notes.md");
  });

  it("GIVEN no changes/ folder, or a file in its place WHEN listed THEN there is no listing: the digests cannot vouch for what the CLI reads", async () => {
    const root = temporaryFolder("changes-");
    expect(await listChangeFolders(join(root, "changes"))).toBeNull();
    writeFileSync(join(root, "changes"), "");
    expect(await listChangeFolders(join(root, "changes"))).toBeNull();
  });
});
