import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { AUTH_SPEC, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outsideEnvironment } from "./outside-environment.js";
import { type PackedPackage, packWorkspacePackages } from "./pack-workspace-packages.js";
import { type PrebuildMirror, startPrebuildMirror } from "./prebuild-mirror.js";
import { type CommandRun, describeRun, runCommand } from "./run-command.js";
import { publishablePackages, REPO_ROOT } from "./workspace-packages.js";

// Every publishable package is packed as a release publishes it and installed
// with npm into an empty project outside the repository, from the tarballs
// and the public registry only; then each app runs from there. It takes minutes
// (mostly npm), so it runs in `pnpm test:release`; what each tarball holds is
// checked in every `pnpm test` by packed-contents.test.ts.
const folder = mkdtempSync(join(tmpdir(), "openspec-packed-install-"));
const project = join(folder, "project");
const env = outsideEnvironment(folder);
let packed: PackedPackage[] = [];
let mirror: PrebuildMirror;
let install: CommandRun;
let installSeconds = 0;

const bin = (name: string) => join(project, "node_modules", ".bin", name);
const installed = (name: string) => join(project, "node_modules", ...name.split("/"));
const versionOf = (name: string) =>
  packed.find((entry) => entry.pkg.manifest.name === name)?.pkg.manifest.version;
const run = (command: string, args: string[], extra: NodeJS.ProcessEnv = {}, input?: string) =>
  runCommand(command, args, {
    cwd: project,
    env: { ...env, ...extra },
    ...(input === undefined ? {} : { input }),
  });

beforeAll(async () => {
  const tarballs = join(folder, "tarballs");
  mkdirSync(tarballs);
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "packed-install-check", private: true, type: "module" }, null, 2)}\n`,
  );
  const packing = performance.now();
  packed = await packWorkspacePackages(publishablePackages(), tarballs);
  const packSeconds = (performance.now() - packing) / 1000;
  mirror = await startPrebuildMirror(folder);
  const started = performance.now();
  install = await runCommand(
    "npm",
    ["install", "--no-audit", "--no-fund", ...packed.map((entry) => entry.tarball)],
    {
      cwd: project,
      env: { ...env, npm_config_better_sqlite3_binary_host: mirror.url },
      timeoutMs: 600_000,
    },
  );
  installSeconds = (performance.now() - started) / 1000;
  console.log(
    `packed-install: packing ${packed.length} packages took ${packSeconds.toFixed(1)} s, npm install ${installSeconds.toFixed(1)} s`,
  );
  await mirror.close();
}, 900_000);

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
  removeTemporaryFolders();
});

describe("the packed packages, installed with npm outside the repository", () => {
  it("GIVEN the temporary project WHEN looked at THEN it is outside the repository with no node_modules above it", () => {
    expect(resolve(project).startsWith(REPO_ROOT)).toBe(false);
    for (let dir = dirname(project); dir !== dirname(dir); dir = dirname(dir)) {
      expect(existsSync(join(dir, "node_modules")), `${dir}/node_modules`).toBe(false);
    }
  });

  it("GIVEN the tarballs WHEN npm installs them THEN the install succeeds, and better-sqlite3 installs its prebuilt binary as on a user's machine", () => {
    expect(install.status, describeRun(install)).toBe(0);
    expect(mirror.served(), `asked for: ${mirror.requests.join(", ")}`).toBe(1);
    expect(
      existsSync(join(installed("better-sqlite3"), "build", "Release", "better_sqlite3.node")),
    ).toBe(true);
  });

  it("GIVEN each installed package WHEN plain Node imports every entry point it exports THEN each loads", async () => {
    const specifiers = packed.flatMap(({ pkg }) =>
      Object.keys(pkg.manifest.exports ?? {})
        .filter((subpath) => subpath !== "./package.json")
        .map((subpath) =>
          subpath === "." ? pkg.manifest.name : `${pkg.manifest.name}/${subpath.slice(2)}`,
        ),
    );
    const script = `for (const name of ${JSON.stringify(specifiers)}) await import(name);\nconsole.log("loaded");\n`;
    writeFileSync(join(project, "import-all.mjs"), script);
    const loaded = await run(process.execPath, ["import-all.mjs"]);
    expect(loaded.stdout.trim(), describeRun(loaded)).toBe("loaded");
  });

  it("GIVEN the installed openspec-agent WHEN asked for its version THEN it prints the packed version", async () => {
    const version = await run(bin("openspec-agent"), ["--version"]);
    expect(version.stdout.trim(), describeRun(version)).toBe(versionOf("@org/openspec-cli"));
  });

  it("GIVEN the installed openspec-agent WHEN openspec-agent openspec runs THEN the OpenSpec CLI installed with it answers with the pinned version, and its init sets up a repository", async () => {
    const cli = packed.find((entry) => entry.pkg.manifest.name === "@org/openspec-cli");
    const dependencies = (cli?.manifest.dependencies ?? {}) as Record<string, string>;
    const pinned = dependencies["@fission-ai/openspec"];
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    const version = await run(bin("openspec-agent"), ["openspec", "--version"]);
    expect(version.stdout.trim(), describeRun(version)).toBe(pinned);
    const target = join(folder, "initialised");
    mkdirSync(target);
    const init = await run(bin("openspec-agent"), ["openspec", "init", "--tools", "none", target]);
    expect(init.status, describeRun(init)).toBe(0);
    expect(existsSync(join(target, "openspec", "config.yaml"))).toBe(true);
  });

  it("GIVEN a real OpenSpec repository WHEN the installed openspec-agent registers it and resolves its context THEN both answer ok with its spec, and a plain Node script with @org/openspec-core sees it and runs the bundled OpenSpec CLI", async () => {
    const repository = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC }, "shop");
    const db = { OPENSPEC_AGENT_DB: join(folder, "registry.db") };
    const added = await run(
      bin("openspec-agent"),
      ["sources", "add", repository, "--name", "shop", "--json"],
      db,
    );
    expect(JSON.parse(added.stdout), describeRun(added)).toMatchObject({
      ok: true,
      source: { name: "shop" },
    });
    const context = await run(bin("openspec-agent"), ["context", "shop", "--json"], db);
    expect(JSON.parse(context.stdout), describeRun(context)).toMatchObject({
      ok: true,
      path: repository,
      specs: [expect.objectContaining({ path: "auth/spec.md" })],
    });

    writeFileSync(
      join(project, "use-core.mjs"),
      [
        'import { createCatalog, toolCatalog } from "@org/openspec-core";',
        "const catalog = createCatalog();",
        "const cli = await catalog.cliStatus();",
        'const sources = await catalog.call("openspec_source_list", {});',
        'const context = await catalog.call("openspec_context", { identifier: "shop" });',
        'const changes = await catalog.call("openspec_list", { source: "shop" });',
        "catalog.close();",
        "console.log(JSON.stringify({ tools: toolCatalog.length, cli, sources, context, changes }));",
        "",
      ].join("\n"),
    );
    const script = await run(process.execPath, ["use-core.mjs"], db);
    const answer = JSON.parse(script.stdout);
    expect(answer, describeRun(script)).toMatchObject({
      cli: { ok: true, rule: "bundled" },
      sources: { ok: true, sources: [expect.objectContaining({ name: "shop" })] },
      context: { ok: true, path: repository },
      changes: { ok: true },
    });
    expect(answer.cli.path.startsWith(join(project, "node_modules"))).toBe(true);
  });

  it("GIVEN the installed openspec-mcp WHEN an MCP client asks for tools/list over stdio THEN it lists the installed catalog's tools", async () => {
    const count = await run(process.execPath, [
      "--input-type=module",
      "-e",
      'const { toolCatalog } = await import("@org/openspec-core"); console.log(toolCatalog.length);',
    ]);
    const transport = new StdioClientTransport({
      command: bin("openspec-mcp"),
      cwd: project,
      // Every toolset, so the list can be compared with the whole catalog.
      env: {
        ...env,
        OPENSPEC_AGENT_DB: join(folder, "registry.db"),
        OPENSPEC_AGENT_TOOLSETS: "all",
      } as Record<string, string>,
      stderr: "pipe",
    });
    const client = new Client({ name: "packed-install-check", version: "0.0.0" });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.length).toBe(Number(count.stdout.trim()));
      expect(tools.map((tool) => tool.name)).toContain("openspec_context");
    } finally {
      await client.close();
    }
  });

  it("GIVEN a temporary HERMES_HOME WHEN the installed openspec-agent installs the Hermes plugin THEN the copy carries the packed version and its recorded bridge, inside the project, answers a tool call", async () => {
    const hermesHome = join(folder, "hermes");
    const db = join(folder, "registry.db");
    const result = await run(bin("openspec-agent"), ["hermes", "install", "--json"], {
      HERMES_HOME: hermesHome,
      OPENSPEC_AGENT_DB: db,
    });
    expect(JSON.parse(result.stdout), describeRun(result)).toMatchObject({
      ok: true,
      mode: "copy",
    });
    const pluginDir = join(hermesHome, "plugins", "openspec");
    const manifest = readFileSync(join(pluginDir, "plugin.yaml"), "utf8");
    expect(manifest).toContain(`\nversion: ${versionOf("@org/openspec-hermes-host")}\n`);
    const bridgeJson = JSON.parse(readFileSync(join(pluginDir, "bridge.json"), "utf8"));
    expect(bridgeJson.bridge.startsWith(join(project, "node_modules"))).toBe(true);
    expect(readFileSync(join(hermesHome, "config.yaml"), "utf8")).toContain("openspec");

    const bridge = await run(
      bridgeJson.node,
      [bridgeJson.bridge],
      { OPENSPEC_AGENT_DB: db },
      '{"id": "one", "tool": "openspec_source_list", "args": {}}\n',
    );
    const answers = bridge.stdout
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line));
    expect(
      answers.find((answer) => answer.id === "one"),
      describeRun(bridge),
    ).toMatchObject({
      result: { ok: true, sources: expect.any(Array) },
    });
  });
});
