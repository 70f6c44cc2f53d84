import { symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { readRegularFile } from "./read-regular-file.js";

afterEach(removeTemporaryFolders);

describe("readRegularFile", () => {
  it("GIVEN a path whose last component became a symlink after it was resolved WHEN read THEN it is refused, not followed", () => {
    const folder = temporaryFolder();
    writeFileSync(join(folder, "target.md"), "# T\n");
    symlinkSync("target.md", join(folder, "link.md"));
    expect(readRegularFile(join(folder, "link.md"), 1024)).toEqual({
      ok: false,
      code: "not_a_regular_file",
    });
    expect(readRegularFile(join(folder, "target.md"), 1024)).toMatchObject({
      ok: true,
      text: "# T\n",
    });
  });

  it("GIVEN a file the kernel places outside the allowed root WHEN read THEN outside_repository, nothing returned", () => {
    const folder = temporaryFolder();
    writeFileSync(join(folder, "spec.md"), "# Secret\n");
    const read = readRegularFile(join(folder, "spec.md"), 1024, (real) =>
      real.startsWith("/nowhere/"),
    );
    expect(read).toEqual({ ok: false, code: "outside_repository" });
  });

  it("GIVEN a folder, a missing file and an empty file WHEN read THEN not_a_regular_file, missing and empty text", () => {
    const folder = temporaryFolder();
    writeFileSync(join(folder, "empty.md"), "");
    expect(readRegularFile(folder, 1024)).toEqual({ ok: false, code: "not_a_regular_file" });
    expect(readRegularFile(join(folder, "none.md"), 1024)).toEqual({ ok: false, code: "missing" });
    expect(readRegularFile(join(folder, "empty.md"), 1024)).toEqual({
      ok: true,
      text: "",
      size: 0,
      truncated: false,
    });
  });
});
