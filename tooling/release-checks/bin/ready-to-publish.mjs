// What `pnpm release` checks before its build and tests (about half an hour on
// two cores), so a release that cannot go through stops in seconds instead:
// - no changeset is pending: `changeset publish` publishes the versions in the
//   package.json files, so without the version cut committed it would publish
//   the previous versions (before the first release: 0.0.0);
// - no publishable package is still at 0.0.0;
// - the work tree is clean: `changeset publish` tags HEAD, which must be what
//   was tested;
// - npm is logged in to the registry it publishes to (`npm whoami`).
// Each problem is one line on stderr with what to do, and the exit code is 1.
//
// Usage: node tooling/release-checks/bin/ready-to-publish.mjs [--cwd <repository>]
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const GROUPS = ["packages", "apps", "tooling"];

const args = process.argv.slice(2);
const cwdIndex = args.indexOf("--cwd");
const root = cwdIndex === -1 ? new URL("../../..", import.meta.url).pathname : args[cwdIndex + 1];

const problems = [];

const pending = existsSync(join(root, ".changeset"))
  ? readdirSync(join(root, ".changeset")).filter(
      (file) => file.endsWith(".md") && file !== "README.md",
    )
  : [];
if (pending.length > 0) {
  problems.push(
    `${pending.length} changeset(s) are pending (${pending.slice(0, 3).join(", ")}${pending.length > 3 ? ", …" : ""}): make the version cut first, \`pnpm changeset version\`, review and commit it (docs/releasing.md, "Cutting a version").`,
  );
}

const unversioned = publishablePackages()
  .filter((pkg) => pkg.version === "0.0.0")
  .map((pkg) => pkg.name);
if (unversioned.length > 0 && pending.length === 0) {
  problems.push(
    `${unversioned.join(", ")} ${unversioned.length === 1 ? "is" : "are"} still at 0.0.0: add a "minor" changeset for ${unversioned.length === 1 ? "it" : "each"} and make the version cut.`,
  );
}

const status = spawnSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8" });
if (status.status !== 0) {
  problems.push(`git status failed in ${root}: ${status.stderr.trim()}`);
} else if (status.stdout.trim() !== "") {
  problems.push(
    "the work tree has uncommitted changes: commit or stash them, since changeset publish tags HEAD.",
  );
}

if (problems.length === 0) {
  const whoami = spawnSync("npm", ["whoami"], { cwd: root, encoding: "utf8" });
  if (whoami.status !== 0) {
    const registry = spawnSync("npm", ["config", "get", "registry"], {
      cwd: root,
      encoding: "utf8",
    }).stdout.trim();
    problems.push(
      `npm is not logged in to ${registry || "the registry"}: run \`npm login\` (or set NPM_TOKEN in CI), then \`pnpm release\` again.`,
    );
  }
}

for (const problem of problems) console.error(`ready-to-publish: ${problem}`);
process.exit(problems.length === 0 ? 0 : 1);

/** Every workspace package without `"private": true`: name, version and folder. */
function publishablePackages() {
  const found = [];
  for (const group of GROUPS) {
    if (!existsSync(join(root, group))) continue;
    for (const entry of readdirSync(join(root, group), { withFileTypes: true })) {
      const manifest = join(root, group, entry.name, "package.json");
      if (!entry.isDirectory() || !existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, "utf8"));
      if (pkg.private !== true) found.push({ name: pkg.name, version: pkg.version });
    }
  }
  return found;
}
