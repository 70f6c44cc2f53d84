import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { AUTH_SPEC, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalRegistry, startLocalRegistry } from "./local-registry.js";
import { outsideEnvironment } from "./outside-environment.js";
import { type PrebuildMirror, startPrebuildMirror } from "./prebuild-mirror.js";
import { describeRun, runCommand } from "./run-command.js";
import { publishablePackages, REPO_ROOT, workspacePackages } from "./workspace-packages.js";

// docs/releasing.md, rehearsed on a clone of this repository: the version cut
// of the pending changesets, the build, `changeset publish` to a verdaccio
// registry on localhost, and the README's install commands against it, as a
// user runs them. Then one library gets a changeset of its own and
// `changeset version` runs again, for how later releases move versions.
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

let firstRelease: Map<string, string>;
let registry: LocalRegistry | undefined;

beforeAll(async () => {
  await runCommand("git", ["clone", "-q", REPO_ROOT, clone], {
    cwd: folder,
    env,
    timeoutMs: 120_000,
  });
  await sh("pnpm", ["install", "--offline", "--frozen-lockfile"], 600_000);
  // The version cut, as docs/releasing.md makes it: whatever changesets are
  // pending now ship with the release rehearsed here (before the first
  // release: every package at 0.1.0).
  await changeset(["version"]);
  await sh("git", ["add", "-A"]);
  await sh("git", ["commit", "-q", "--allow-empty", "-m", "Version the pending changesets"]);
  firstRelease = versions();
}, 900_000);

afterAll(() => {
  registry?.stop();
  rmSync(folder, { recursive: true, force: true });
  removeTemporaryFolders();
});

describe("a release rehearsed on a clone", () => {
  it("GIVEN the pending changesets WHEN versioned THEN every publishable package has a changelog for its version, and private tooling packages keep their version and get no changelog", () => {
    for (const pkg of publishablePackages(clone)) {
      const changelog = join(pkg.dir, "CHANGELOG.md");
      expect(existsSync(changelog), pkg.folder).toBe(true);
      expect(readFileSync(changelog, "utf8"), pkg.folder).toContain(
        `## ${firstRelease.get(pkg.manifest.name)}`,
      );
    }
    for (const pkg of workspacePackages(clone).filter((entry) => entry.manifest.private)) {
      expect(firstRelease.get(pkg.manifest.name), pkg.folder).toBe("0.0.0");
      expect(existsSync(join(pkg.dir, "CHANGELOG.md")), pkg.folder).toBe(false);
    }
  });

  it("GIVEN the versioned clone WHEN it builds under CI and its generated files are checked THEN all pass with nothing left changed", async () => {
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
    registry = await startLocalRegistry(join(folder, "registry"));
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
    for (const pkg of publishablePackages(clone)) {
      const { name, version } = pkg.manifest;
      expect(tags, name).toContain(`${name}@${version}`);
      const published = (await metadata(registry.url, name)).versions?.[version];
      expect(published, `${name}@${version} on the registry`).toBeDefined();
      for (const [dependency, range] of Object.entries(pkg.manifest.dependencies ?? {})) {
        if (!range.startsWith("workspace:")) continue;
        expect(published?.dependencies?.[dependency], `${name} → ${dependency}`).toBe(
          `^${firstRelease.get(dependency)}`,
        );
      }
    }
    for (const pkg of workspacePackages(clone).filter((entry) => entry.manifest.private)) {
      expect((await fetch(`${registry.url}/${encodeURIComponent(pkg.manifest.name)}`)).status).toBe(
        404,
      );
      expect(
        tags.some((tag) => tag.startsWith(`${pkg.manifest.name}@`)),
        pkg.folder,
      ).toBe(false);
    }
  }, 900_000);

  describe("installed from the registry with the README's commands, as a user on another machine", () => {
    // The README's own lines, read from the clone, so the rehearsal runs what users are told to run.
    const readme = () => readFileSync(join(clone, "README.md"), "utf8");
    const commandLine = (pattern: RegExp) => {
      const line = pattern.exec(readme())?.[0];
      expect(line, `README.md: a line matching ${pattern}`).toBeDefined();
      return (line ?? "").split(" ");
    };
    const user = join(folder, "user");
    let repository = "";
    let userEnv: NodeJS.ProcessEnv;
    let mirror: PrebuildMirror | undefined;
    const asUser = (command: string, args: string[], cwd = user) =>
      runCommand(command, args, { cwd, env: userEnv, timeoutMs: 600_000 });

    beforeAll(async () => {
      // Nothing of the workspace: its own HOME and npm cache, the global prefix in
      // the user's folder and first on PATH, @org/* from the local registry and
      // every other package from the public one. better-sqlite3's prebuilt binary
      // comes from the mirror (see README: "better-sqlite3 without a compile").
      const outside = outsideEnvironment(user);
      const npmrc = join(user, "registry-npmrc");
      writeFileSync(npmrc, `@org:registry=${registry?.url}/\n`);
      mirror = await startPrebuildMirror(user);
      const prefix = join(user, "global");
      userEnv = {
        ...outside,
        PATH: `${join(prefix, "bin")}:${outside.PATH}`,
        npm_config_userconfig: npmrc,
        npm_config_prefix: prefix,
        npm_config_better_sqlite3_binary_host: mirror.url,
        OPENSPEC_AGENT_DB: join(user, "registry.db"),
      };
      repository = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC }, "shop");
    }, 120_000);

    afterAll(async () => {
      await mirror?.close();
    });

    it("GIVEN npm install --global @org/openspec-cli WHEN openspec-agent runs THEN it is the released version, runs its bundled OpenSpec CLI and registers a repository", async () => {
      const [npm, ...args] = commandLine(/^npm install --global @org\/openspec-cli$/m);
      const install = await asUser(npm ?? "npm", args);
      expect(install.status, describeRun(install)).toBe(0);
      const version = await asUser("openspec-agent", ["--version"]);
      expect(version.stdout.trim(), describeRun(version)).toBe(
        firstRelease.get("@org/openspec-cli"),
      );
      const openspec = await asUser("openspec-agent", ["openspec", "--version"]);
      expect(openspec.stdout.trim(), describeRun(openspec)).toMatch(/^\d+\.\d+\.\d+$/);
      const added = await asUser("openspec-agent", [
        "sources",
        "add",
        repository,
        "--name",
        "shop",
        "--json",
      ]);
      expect(JSON.parse(added.stdout), describeRun(added)).toMatchObject({
        ok: true,
        source: { name: "shop" },
      });
    }, 900_000);

    it("GIVEN npx -y @org/openspec-mcp as an MCP client's command WHEN the client asks for tools/list THEN the released server lists the catalog's tools", async () => {
      const [npx, ...args] = commandLine(/npx -y @org\/openspec-mcp$/m).slice(-3);
      const transport = new StdioClientTransport({
        command: npx ?? "npx",
        args,
        cwd: user,
        env: userEnv as Record<string, string>,
        stderr: "pipe",
      });
      const client = new Client({ name: "release-rehearsal", version: "0.0.0" });
      // npx installs the package before the server answers initialize: minutes
      // on a loaded machine, past the SDK's default of one minute per request.
      await client.connect(transport, { timeout: 600_000 });
      try {
        expect(client.getServerVersion()?.version).toBe(firstRelease.get("@org/openspec-mcp-host"));
        const { tools } = await client.listTools();
        expect(tools.map((tool) => tool.name)).toContain("openspec_context");
      } finally {
        await client.close();
      }
    }, 900_000);

    it("GIVEN npm install @org/openspec-core in a new project WHEN the README's library example runs THEN it answers the registered repository's context", async () => {
      const project = join(user, "project");
      mkdirSync(project);
      writeFileSync(
        join(project, "package.json"),
        `${JSON.stringify({ name: "uses-core", private: true, type: "module" })}\n`,
      );
      const [npm, ...args] = commandLine(/^npm install @org\/openspec-core$/m);
      const install = await asUser(npm ?? "npm", args, project);
      expect(install.status, describeRun(install)).toBe(0);
      const example =
        /```js\n(import \{ createCatalog \} from "@org\/openspec-core";[^`]+)```/.exec(
          readme(),
        )?.[1];
      expect(example, "README.md: the library example").toBeDefined();
      writeFileSync(join(project, "example.mjs"), example ?? "");
      const run = await asUser(process.execPath, ["example.mjs"], project);
      expect(run.status, describeRun(run)).toBe(0);
      expect(run.stdout).toContain("ok: true");
      expect(run.stdout).toContain(repository);
      const installed = JSON.parse(
        readFileSync(
          join(project, "node_modules", "@org", "openspec-core", "package.json"),
          "utf8",
        ),
      );
      expect(installed.version).toBe(firstRelease.get("@org/openspec-core"));
    }, 900_000);
  });

  it("GIVEN a patch changeset for one library after the release WHEN versioned THEN only that library is bumped, with its changelog; its dependents keep their version, since their workspace:^ range still holds it", async () => {
    const patch = await versionWith(
      "fix-parser.md",
      `"${LIBRARY}": patch`,
      "Parse a rare heading.",
    );
    expect(changed(patch.before, patch.after)).toEqual([LIBRARY]);
    const [major0, minor0, patch0] = (patch.before.get(LIBRARY) ?? "").split(".").map(Number);
    expect(patch.after.get(LIBRARY)).toBe(`${major0}.${minor0}.${(patch0 ?? 0) + 1}`);
    const library = publishablePackages(clone).find((pkg) => pkg.manifest.name === LIBRARY);
    const changelog = readFileSync(join(library?.dir ?? "", "CHANGELOG.md"), "utf8");
    expect(changelog).toContain(`## ${patch.after.get(LIBRARY)}`);
    expect(changelog).toContain("Parse a rare heading.");
  });

  it("GIVEN a major changeset for the library WHEN versioned THEN its direct dependents get a patch with an 'Updated dependencies' changelog entry, and nothing else moves", async () => {
    const major = await versionWith(
      "break-parser.md",
      `"${LIBRARY}": major`,
      "Rename a parser export.",
    );
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
});

type PackageMetadata = {
  versions?: Record<string, { dependencies?: Record<string, string> }>;
};

async function metadata(url: string, name: string): Promise<PackageMetadata> {
  const response = await fetch(`${url}/${encodeURIComponent(name)}`);
  return (await response.json()) as PackageMetadata;
}
