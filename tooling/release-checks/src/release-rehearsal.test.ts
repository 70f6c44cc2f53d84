import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalRegistry } from "./local-registry.js";
import { describeRun, runCommand } from "./run-command.js";
import { publishablePackages, REPO_ROOT, workspacePackages } from "./workspace-packages.js";

// docs/releasing.md, rehearsed on a clone of this repository, publishing to a
// verdaccio registry on localhost: pending changesets are released first (as the
// first release would), then one library gets a changeset of its own and
// `changeset version` runs again.
const LIBRARY = "@org/openspec-spec-parser";
const folder = mkdtempSync(join(tmpdir(), "openspec-release-rehearsal-"));
const clone = join(folder, "repo");
const gitEnv = {
  GIT_AUTHOR_NAME: "Release rehearsal",
  GIT_AUTHOR_EMAIL: "release@example.com",
  GIT_COMMITTER_NAME: "Release rehearsal",
  GIT_COMMITTER_EMAIL: "release@example.com",
  GIT_CONFIG_GLOBAL: "/dev/null",
};
const env = { ...process.env, ...gitEnv, CI: "1" };
const sh = async (command: string, args: string[], timeoutMs = 300_000) => {
  const run = await runCommand(command, args, { cwd: clone, env, timeoutMs });
  if (run.status !== 0) throw new Error(`${command} ${args.join(" ")} failed: ${describeRun(run)}`);
  return run;
};
const changeset = (args: string[]) =>
  sh(process.execPath, [join(clone, "node_modules", "@changesets", "cli", "bin.js"), ...args]);

/** name → version for every workspace package of the clone. */
const versions = () =>
  new Map(workspacePackages(clone).map((pkg) => [pkg.manifest.name, pkg.manifest.version]));
const changed = (before: Map<string, string>, after: Map<string, string>) =>
  [...after]
    .filter(([name, version]) => before.get(name) !== version)
    .map(([name]) => name)
    .sort();

async function versionWith(file: string, frontMatter: string, summary: string) {
  writeFileSync(join(clone, ".changeset", file), `---\n${frontMatter}\n---\n\n${summary}\n`);
  const before = versions();
  await changeset(["version"]);
  const after = versions();
  await sh("git", ["add", "-A"]);
  await sh("git", ["commit", "-q", "-m", `Version: ${summary}`]);
  return { before, after };
}

let afterFirstRelease: Map<string, string>;
let patch: Awaited<ReturnType<typeof versionWith>>;
let major: Awaited<ReturnType<typeof versionWith>>;

beforeAll(async () => {
  await runCommand("git", ["clone", "-q", REPO_ROOT, clone], {
    cwd: folder,
    env,
    timeoutMs: 120_000,
  });
  await sh("pnpm", ["install", "--offline", "--frozen-lockfile"], 600_000);
  // Whatever changesets are pending now ship with the first release.
  await changeset(["version"]);
  await sh("git", ["add", "-A"]);
  await sh("git", ["commit", "-q", "--allow-empty", "-m", "Version the pending changesets"]);
  afterFirstRelease = versions();
  patch = await versionWith("fix-parser.md", `"${LIBRARY}": patch`, "Parse a rare heading.");
  major = await versionWith("break-parser.md", `"${LIBRARY}": major`, "Rename a parser export.");
}, 900_000);

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe("a release rehearsed on a clone", () => {
  it("GIVEN the pending changesets WHEN versioned THEN private tooling packages keep their version and get no changelog", () => {
    for (const pkg of workspacePackages(clone).filter((entry) => entry.manifest.private)) {
      expect(afterFirstRelease.get(pkg.manifest.name), pkg.folder).toBe("0.0.0");
      expect(existsSync(join(pkg.dir, "CHANGELOG.md")), pkg.folder).toBe(false);
    }
  });

  it("GIVEN a patch changeset for one library WHEN versioned THEN only that library is bumped, with its changelog; its dependents keep their version, since their workspace:^ range still holds it", () => {
    expect(changed(patch.before, patch.after)).toEqual([LIBRARY]);
    const [major0, minor0, patch0] = (patch.before.get(LIBRARY) ?? "").split(".").map(Number);
    expect(patch.after.get(LIBRARY)).toBe(`${major0}.${minor0}.${(patch0 ?? 0) + 1}`);
    const library = publishablePackages(clone).find((pkg) => pkg.manifest.name === LIBRARY);
    const changelog = readFileSync(join(library?.dir ?? "", "CHANGELOG.md"), "utf8");
    expect(changelog).toContain(`## ${patch.after.get(LIBRARY)}`);
    expect(changelog).toContain("Parse a rare heading.");
  });

  it("GIVEN a major changeset for the library WHEN versioned THEN its direct dependents get a patch with an 'Updated dependencies' changelog entry, and nothing else moves", () => {
    const dependents = publishablePackages(clone)
      .filter((pkg) => pkg.manifest.dependencies?.[LIBRARY]?.startsWith("workspace:"))
      .map((pkg) => pkg.manifest.name);
    expect(dependents.length).toBeGreaterThan(0);
    expect(changed(major.before, major.after)).toEqual([LIBRARY, ...dependents].sort());
    for (const pkg of publishablePackages(clone).filter((entry) =>
      dependents.includes(entry.manifest.name),
    )) {
      const [m, n, p] = (major.before.get(pkg.manifest.name) ?? "").split(".").map(Number);
      expect(major.after.get(pkg.manifest.name), pkg.folder).toBe(`${m}.${n}.${(p ?? 0) + 1}`);
      const changelog = readFileSync(join(pkg.dir, "CHANGELOG.md"), "utf8");
      expect(changelog, pkg.folder).toContain("Updated dependencies");
      expect(changelog, pkg.folder).toContain(`${LIBRARY}@${major.after.get(LIBRARY)}`);
    }
  });

  it("GIVEN the bumped versions WHEN the clone builds under CI and its generated files are checked THEN all pass with nothing left changed", async () => {
    await sh(
      "pnpm",
      ["exec", "turbo", "run", "build", "--concurrency=2", "--output-logs=errors-only"],
      900_000,
    );
    await sh(process.execPath, ["scripts/generate-docs.mjs", "--check"]);
    const status = await sh("git", ["status", "--porcelain"]);
    expect(status.stdout.trim()).toBe("");
  }, 900_000);

  it("GIVEN the built clone WHEN changeset publish runs against a local registry THEN every publishable package is published at its version with caret ranges and tagged, and no private package is", async () => {
    const registry = await startLocalRegistry(join(folder, "registry"));
    try {
      const publish = await runCommand(
        process.execPath,
        [join(clone, "node_modules", "@changesets", "cli", "bin.js"), "publish"],
        {
          cwd: clone,
          env: {
            ...env,
            npm_config_userconfig: registry.userconfig,
            npm_config_registry: `${registry.url}/`,
          },
          timeoutMs: 600_000,
        },
      );
      expect(publish.status, describeRun(publish)).toBe(0);
      const tags = (await sh("git", ["tag", "--list"])).stdout.split("\n");
      const current = versions();
      for (const pkg of publishablePackages(clone)) {
        const { name, version } = pkg.manifest;
        expect(tags, name).toContain(`${name}@${version}`);
        const published = (await metadata(registry.url, name)).versions?.[version];
        expect(published, `${name}@${version} on the registry`).toBeDefined();
        for (const [dependency, range] of Object.entries(pkg.manifest.dependencies ?? {})) {
          if (!range.startsWith("workspace:")) continue;
          expect(published?.dependencies?.[dependency], `${name} → ${dependency}`).toBe(
            `^${current.get(dependency)}`,
          );
        }
      }
      for (const pkg of workspacePackages(clone).filter((entry) => entry.manifest.private)) {
        expect(
          (await fetch(`${registry.url}/${encodeURIComponent(pkg.manifest.name)}`)).status,
        ).toBe(404);
        expect(
          tags.some((tag) => tag.startsWith(`${pkg.manifest.name}@`)),
          pkg.folder,
        ).toBe(false);
      }
    } finally {
      registry.stop();
    }
  }, 900_000);
});

type PackageMetadata = {
  versions?: Record<string, { dependencies?: Record<string, string> }>;
};

async function metadata(url: string, name: string): Promise<PackageMetadata> {
  const response = await fetch(`${url}/${encodeURIComponent(name)}`);
  return (await response.json()) as PackageMetadata;
}
