// The changesets bot's rule, as a script: a change to a publishable package's
// src/ comes with a changeset that names the package. Compares HEAD with its
// merge base with main (or `--base <ref>`); with no such ref
// (a fresh clone of one branch) there is nothing to compare and it passes quietly.
//
// Tests (`*.test.*`, `test-support/`) are not built into dist/, so they need no
// release. Only changesets added or edited since the base count: one already on
// main was written for an earlier change.
//
// Usage: node scripts/check-changesets.mjs [--base <ref>] [--cwd <repository>]
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const GROUPS = ["packages", "apps", "tooling"];
const DEFAULT_BASES = ["main", "origin/main"];

const args = process.argv.slice(2);
const option = (name) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
const root = option("--cwd") ?? new URL("..", import.meta.url).pathname;
const wanted = option("--base");

const git = (gitArgs) => {
  const run = spawnSync("git", gitArgs, { cwd: root, encoding: "utf8" });
  return run.status === 0 ? run.stdout.trim() : null;
};

const base = mergeBase();
if (base === null) {
  if (wanted !== undefined) {
    console.error(`check-changesets: no merge base with ${wanted}.`);
    process.exit(1);
  }
  process.exit(0);
}

const changed = (git(["diff", "--name-only", "--no-renames", base, "HEAD"]) ?? "")
  .split("\n")
  .filter(Boolean);
const named = namedInChangesets(changed.filter(isChangeset));
const missing = publishablePackages()
  .filter((pkg) => changed.some((file) => file.startsWith(`${pkg.folder}/src/`) && !isTest(file)))
  .filter((pkg) => !named.has(pkg.name));

if (missing.length > 0) {
  console.error(
    `check-changesets: src/ changed since ${base.slice(0, 12)} without a changeset naming ${missing
      .map((pkg) => pkg.name)
      .join(", ")}.`,
  );
  console.error(
    "fix: run `pnpm changeset`, pick those packages and their bump, describe the change for their users, and commit the file under .changeset/ (see docs/releasing.md).",
  );
  process.exit(1);
}

function mergeBase() {
  const candidates = wanted === undefined ? DEFAULT_BASES : [wanted];
  for (const ref of candidates) {
    if (git(["rev-parse", "--verify", "--quiet", `${ref}^{commit}`]) === null) continue;
    return git(["merge-base", ref, "HEAD"]);
  }
  return null;
}

function isChangeset(file) {
  return /^\.changeset\/[^/]+\.md$/.test(file) && file !== ".changeset/README.md";
}

function isTest(file) {
  return /\.test\.[cm]?[jt]sx?$/.test(file) || file.includes("/test-support/");
}

/** The package names in the front matter of the changesets that still exist. */
function namedInChangesets(files) {
  const names = new Set();
  for (const file of files) {
    const path = join(root, file);
    if (!existsSync(path)) continue;
    const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(readFileSync(path, "utf8"));
    for (const line of (front?.[1] ?? "").split(/\r?\n/)) {
      const entry = /^\s*["']?([^"':]+)["']?\s*:\s*(major|minor|patch|none)\s*$/.exec(line);
      if (entry?.[1]) names.add(entry[1].trim());
    }
  }
  return names;
}

/** Every workspace package not marked private, with its folder. */
function publishablePackages() {
  const found = [];
  for (const group of GROUPS) {
    if (!existsSync(join(root, group))) continue;
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      const manifest = join(root, group, entry.name, "package.json");
      if (!entry.isDirectory() || !existsSync(manifest)) continue;
      const { name, private: isPrivate } = JSON.parse(readFileSync(manifest, "utf8"));
      if (isPrivate !== true) found.push({ folder: `${group}/${entry.name}`, name });
    }
  }
  return found;
}
