import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { publishablePackages } from "./publishable-packages.js";
import { REPOSITORY, readRepositoryFile } from "./repository.js";

afterEach(removeTemporaryFolders);

/** A command line's words, with double-quoted words unquoted, as a POSIX shell reads these lines. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((word) => word[1] ?? word[2] ?? "");
}

/** The file name `pnpm pack` gives a package's tarball. */
function tarballName(pkg: { name: string; version: string }): string {
  return `${pkg.name.replace(/^@/, "").replace("/", "-")}-${pkg.version}.tgz`;
}

describe("the README's install from tarballs", () => {
  const readme = readRepositoryFile("README.md");
  const pack = /^(pnpm -r .+ pack --pack-destination) (\S+)$/m.exec(readme);
  const install = /^npm install --global (\S+)\/\*\.tgz$/m.exec(readme);

  it("GIVEN the README WHEN it shows how to install from tarballs THEN it packs into one folder and installs every tarball of that folder at once", () => {
    expect(pack, "README.md: the pnpm -r ... pack --pack-destination <folder> line").not.toBeNull();
    expect(install, "README.md: the npm install --global <folder>/*.tgz line").not.toBeNull();
    expect(install?.[1]).toBe(pack?.[2]);
  });

  it("GIVEN this checkout WHEN the README's pack command runs THEN it writes one tarball for each publishable package and nothing else", () => {
    const destination = temporaryFolder("tarballs-");
    const [command, ...args] = shellWords(`${pack?.[1]} ${destination}`);
    const run = spawnSync(command as string, args, { cwd: REPOSITORY, encoding: "utf8" });
    // pnpm writes its errors to stdout.
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(readdirSync(destination).sort()).toEqual(publishablePackages().map(tarballName).sort());
  });
});
