import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PackedPackage, packWorkspacePackages } from "./pack-workspace-packages.js";
import { describeRun, runCommand } from "./run-command.js";
import { runtimeImportProblems } from "./runtime-import-problems.js";
import { tarballContentProblems } from "./tarball-content-problems.js";
import { publishablePackages } from "./workspace-packages.js";

// What each tarball holds, checked in every `pnpm test`: packing takes seconds, while installing
// the tarballs with npm and running each app from them (packed-install.test.ts) takes minutes
// and runs with the release rehearsal in `pnpm test:release`.
const folder = mkdtempSync(join(tmpdir(), "openspec-packed-contents-"));
let packed: PackedPackage[] = [];

/** The folder one tarball unpacks to (`package/` inside it), as npm would install it. */
const unpacked = (entry: PackedPackage) =>
  join(folder, "unpacked", entry.pkg.folder.replaceAll("/", "-"), "package");

beforeAll(async () => {
  const tarballs = join(folder, "tarballs");
  mkdirSync(tarballs);
  packed = await packWorkspacePackages(publishablePackages(), tarballs);
  for (const entry of packed) {
    const target = join(unpacked(entry), "..");
    mkdirSync(target, { recursive: true });
    const untar = await runCommand("tar", ["-xzf", entry.tarball, "-C", target], {
      cwd: folder,
      env: process.env,
    });
    if (untar.status !== 0) throw new Error(`unpacking ${entry.tarball}: ${describeRun(untar)}`);
  }
}, 600_000);

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("the packed packages", () => {
  it("GIVEN every publishable package WHEN packed THEN its tarball holds what its package.json points at, built from its sources, with no workspace: range left", () => {
    expect(packed.length).toBe(publishablePackages().length);
    expect(packed.flatMap((entry) => tarballContentProblems(entry))).toEqual([]);
  });

  it("GIVEN each packed package WHEN its built files are read THEN every package they import at run time is one of its dependencies", () => {
    const problems = packed.flatMap((entry) =>
      runtimeImportProblems(unpacked(entry), entry.pkg.manifest),
    );
    expect(problems).toEqual([]);
  });
});
