import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { publishablePackages, REPO_ROOT, workspacePackages } from "./workspace-packages.js";

// The first release takes every package that has never been released (still
// 0.0.0) to 0.1.0, with a changelog entry of its own. A `major` changeset, or a
// new package without a changeset, would release something else; this runs
// `changeset version` on a copy of the manifests and changesets (seconds, no
// git, no build) so that shows up in every `pnpm test`, not at the release.
const FIRST_VERSION = "0.1.0";
const CHANGESET_BIN = join(REPO_ROOT, "node_modules", "@changesets", "cli", "bin.js");

afterEach(removeTemporaryFolders);

/** A copy of the workspace's manifests and pending changesets, plus `extra` changesets. */
function manifestCopy(extra: Record<string, string> = {}): string {
  const copy = temporaryFolder("first-release-");
  for (const file of ["package.json", "pnpm-workspace.yaml"]) {
    cpSync(join(REPO_ROOT, file), join(copy, file));
  }
  cpSync(join(REPO_ROOT, ".changeset"), join(copy, ".changeset"), { recursive: true });
  for (const pkg of workspacePackages()) {
    mkdirSync(join(copy, pkg.folder), { recursive: true });
    cpSync(join(pkg.dir, "package.json"), join(copy, pkg.folder, "package.json"));
  }
  for (const [file, text] of Object.entries(extra)) {
    writeFileSync(join(copy, ".changeset", file), text);
  }
  return copy;
}

/** What is wrong with the release `changeset version` makes of `copy`: one sentence per package. */
function firstReleaseProblems(copy: string): string[] {
  const unreleased = new Set(
    workspacePackages(copy)
      .filter((pkg) => pkg.manifest.private !== true && pkg.manifest.version === "0.0.0")
      .map((pkg) => pkg.folder),
  );
  const run = spawnSync(process.execPath, [CHANGESET_BIN, "version"], {
    cwd: copy,
    encoding: "utf8",
  });
  if (run.status !== 0) return [`changeset version failed: ${run.stdout}${run.stderr}`];
  return workspacePackages(copy).flatMap(({ folder, dir, manifest }) => {
    const changelog = join(dir, "CHANGELOG.md");
    if (manifest.private) {
      return manifest.version === "0.0.0" && !existsSync(changelog)
        ? []
        : [`${manifest.name} is private but was versioned (${manifest.version}).`];
    }
    if (!unreleased.has(folder)) return [];
    if (manifest.version === "0.0.0") {
      return [
        `${manifest.name} has no changeset, so the first release would leave it out: add a "minor" changeset saying what the package gives its users.`,
      ];
    }
    if (manifest.version !== FIRST_VERSION) {
      return [
        `${manifest.name} would be released as ${manifest.version}, not ${FIRST_VERSION}: its first release takes one "minor" changeset and none bigger.`,
      ];
    }
    const text = existsSync(changelog) ? readFileSync(changelog, "utf8") : "";
    const first = text.split(`## ${FIRST_VERSION}`)[1] ?? "";
    return first.includes("### Minor Changes")
      ? []
      : [
          `${manifest.name}'s ${FIRST_VERSION} changelog has no entry of its own: add a "minor" changeset saying what the package gives its users.`,
        ];
  });
}

const changeset = (name: string, bump: string) =>
  `---\n"${name}": ${bump}\n---\n\nSomething for users.\n`;

describe("the first release", () => {
  it("GIVEN the pending changesets WHEN changeset version runs on a copy THEN every package never released goes to 0.1.0 with its own changelog entry, and private tooling is not versioned", () => {
    expect(firstReleaseProblems(manifestCopy())).toEqual([]);
  });

  it("GIVEN one more changeset that is major for a package never released WHEN versioned THEN that package is named, with the version it would get", () => {
    const [pkg] = publishablePackages().filter((entry) => entry.manifest.version === "0.0.0");
    if (!pkg) return; // every package has been released: the rule has nothing left to hold
    const copy = manifestCopy({ "too-big.md": changeset(pkg.manifest.name, "major") });
    expect(firstReleaseProblems(copy)).toEqual([
      `${pkg.manifest.name} would be released as 1.0.0, not 0.1.0: its first release takes one "minor" changeset and none bigger.`,
    ]);
  });

  it("GIVEN a new publishable package with no changeset WHEN versioned THEN it is named as left out of the release", () => {
    const copy = manifestCopy();
    mkdirSync(join(copy, "packages", "brand-new"));
    writeFileSync(
      join(copy, "packages", "brand-new", "package.json"),
      JSON.stringify({ name: "@org/openspec-brand-new", version: "0.0.0" }),
    );
    expect(firstReleaseProblems(copy)).toEqual([
      '@org/openspec-brand-new has no changeset, so the first release would leave it out: add a "minor" changeset saying what the package gives its users.',
    ]);
  });
});
