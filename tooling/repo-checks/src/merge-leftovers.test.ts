import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { REPOSITORY } from "./repository.js";

/** What a merge or a patch leaves beside a file it could not apply cleanly. */
const LEFTOVER = /\.(orig|rej)$/;

/** The tracked files of a checkout whose names say they are merge or patch leftovers. */
function trackedMergeLeftovers(checkout: string): string[] {
  const tracked = execFileSync("git", ["-C", checkout, "ls-files", "-z"], { encoding: "utf8" });
  return tracked.split("\0").filter((path) => LEFTOVER.test(path));
}

describe("merge leftovers", () => {
  it("tracks no .orig or .rej file", () => {
    expect(trackedMergeLeftovers(REPOSITORY)).toEqual([]);
  });
});
