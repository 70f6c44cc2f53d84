import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { listDeltaSpecIds } from "./list-delta-spec-ids.js";

afterEach(removeTemporaryFolders);

function specAt(changeDir: string, id: string): void {
  mkdirSync(join(changeDir, "specs", id), { recursive: true });
  writeFileSync(join(changeDir, "specs", id, "spec.md"), "## ADDED Requirements\n");
}

describe("listDeltaSpecIds", () => {
  it("GIVEN flat and nested delta specs, a folder without spec.md and a symlinked folder WHEN listed THEN only the real spec folders are named, sorted, nested ones with a slash", async () => {
    const changeDir = temporaryFolder();
    const outside = temporaryFolder();
    specAt(changeDir, "ui");
    specAt(changeDir, "platform/session");
    mkdirSync(join(changeDir, "specs", "empty"));
    specAt(outside, "leak");
    symlinkSync(join(outside, "specs", "leak"), join(changeDir, "specs", "leak"));
    expect(await listDeltaSpecIds(changeDir)).toEqual(["platform/session", "ui"]);
  });

  it("GIVEN a change without specs/ WHEN listed THEN the list is empty", async () => {
    expect(await listDeltaSpecIds(temporaryFolder())).toEqual([]);
  });
});
