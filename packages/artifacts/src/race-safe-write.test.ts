import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { isInsideRoot } from "./contained-path.js";
import { createSpec } from "./create-spec.js";
import { openFolderInside } from "./open-folder-inside.js";
import { makeRepository } from "./test-support/temp-repository.js";
import { writeFileAtomic } from "./write-file-atomic.js";

afterEach(removeTemporaryFolders);

const spec = {
  title: "Auth",
  purpose: "Let people sign in with their email address and a password they chose.",
  requirements: [{ name: "Sign in", description: "The system SHALL sign a person in." }],
};

/** Every file below a folder, as relative paths. */
function filesBelow(folder: string): string[] {
  return (readdirSync(folder, { recursive: true }) as string[]).sort();
}

describe("race-safe writes: the folder is held open, not named again", () => {
  it("GIVEN a folder opened through /proc/self/fd WHEN a file is written in it THEN the handle names entries relative to the descriptor", () => {
    const { root, repository } = makeRepository();
    const opened = openFolderInside(repository, join(root, "openspec/specs/auth"), {
      create: true,
    });
    if (!opened.ok) throw new Error(opened.error);
    // Guards the test above: on Linux the first case must really take the descriptor path.
    expect(opened.handle.entry("spec.md")).toBe(`/proc/self/fd/${opened.handle.fd}/spec.md`);
    opened.handle.close();
  });

  it.each([
    ["through /proc/self/fd", true],
    ["by path, where /proc is missing", false],
  ])(
    "GIVEN the spec's folder opened for a write (%s) WHEN its path is swapped for a symlink out before the file is written THEN nothing lands outside and no temporary file stays",
    (_how, viaProc) => {
      const outside = temporaryFolder("outside-");
      const { root, repository } = makeRepository();
      const folder = join(root, "openspec/specs/auth");
      const opened = openFolderInside(repository, folder, { create: true, viaProc });
      if (!opened.ok) throw new Error(opened.error);
      // The swap the check-then-write code lost to: the real folder moves aside, a symlink takes its name.
      renameSync(folder, join(root, "openspec/specs/aside"));
      symlinkSync(outside, folder);
      const written = writeFileAtomic(
        opened.handle,
        "spec.md",
        "# Auth\n",
        { overwrite: true },
        (p) => isInsideRoot(repository, p),
      );
      opened.handle.close();
      expect(written).toMatchObject({ ok: false, reason: "moved" });
      expect(filesBelow(outside)).toEqual([]);
      expect(filesBelow(join(root, "openspec/specs/aside"))).toEqual([]);
    },
  );

  it.each([
    ["through /proc/self/fd", true],
    ["by path, where /proc is missing", false],
  ])(
    "GIVEN a folder component that is a symlink out WHEN it is opened for a write (%s) THEN path_outside_repository and nothing is created outside",
    (_how, viaProc) => {
      const outside = temporaryFolder("outside-");
      const { root, repository } = makeRepository();
      symlinkSync(outside, join(root, "openspec/specs/leak"));
      expect(
        openFolderInside(repository, join(root, "openspec/specs/leak/deeper"), {
          create: true,
          viaProc,
        }),
      ).toMatchObject({ ok: false, code: "path_outside_repository" });
      expect(filesBelow(outside)).toEqual([]);
    },
  );

  it("GIVEN a folder component that is a symlink to another folder inside WHEN a spec is written through it THEN it lands at the real folder inside", () => {
    const { root, repository } = makeRepository();
    mkdirSync(join(root, "shared/auth"), { recursive: true });
    symlinkSync(join(root, "shared/auth"), join(root, "openspec/specs/auth"));
    expect(createSpec(repository, { name: "auth", ...spec })).toMatchObject({ ok: true });
    expect(readFileSync(join(root, "shared/auth/spec.md"), "utf8")).toContain("# Auth");
  });

  it("GIVEN a file where a folder of the path should be WHEN a spec is created THEN write_failed and no temporary file stays", () => {
    const { root, repository } = makeRepository({ "openspec/specs/auth": "not a folder\n" });
    expect(createSpec(repository, { name: "auth", ...spec })).toMatchObject({
      ok: false,
      code: "write_failed",
    });
    expect(filesBelow(join(root, "openspec/specs"))).toEqual(["auth"]);
  });

  it("GIVEN an existing spec and no force WHEN it is created again THEN spec_exists and the temporary file is gone", () => {
    const { root, repository } = makeRepository();
    expect(createSpec(repository, { name: "auth", ...spec })).toMatchObject({ ok: true });
    expect(createSpec(repository, { name: "auth", ...spec })).toMatchObject({
      ok: false,
      code: "spec_exists",
    });
    expect(filesBelow(join(root, "openspec/specs/auth"))).toEqual(["spec.md"]);
    expect(existsSync(join(root, "openspec/specs/auth/spec.md"))).toBe(true);
  });
});
