import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outsideEnvironment } from "./outside-environment.js";
import { type PackedPackage, packWorkspacePackages } from "./pack-workspace-packages.js";
import { type PrebuildMirror, startPrebuildMirror } from "./prebuild-mirror.js";
import { type CommandRun, describeRun, runCommand } from "./run-command.js";
import { publishablePackages } from "./workspace-packages.js";

// Each app installed on its own, as `npm install --global` of it alone would: its
// tarball, the tarballs of the workspace libraries its package.json depends on
// (none is on the registry before the first release) and the public registry.
// The MCP server brings no package of ours. The shell CLI keeps its hosts as
// dependencies for its unbundled library entry (`runCli`), so they are removed
// from node_modules before its bin runs them: each command that runs a host
// shows the bin's bundle needs nothing of them at run time. It takes minutes
// (mostly npm), so it runs in `pnpm test:release`.
const folder = mkdtempSync(join(tmpdir(), "openspec-packed-apps-"));
const env = outsideEnvironment(folder);
const HOSTS = ["openspec-mcp-host", "openspec-hermes-host", "openspec-dashboard-host"];
let packed: PackedPackage[] = [];
let mirror: PrebuildMirror;
const installs = new Map<string, { project: string; install: CommandRun }>();

/** The app's tarball and those of the workspace packages it needs, through `dependencies` only. */
function tarballsFor(appName: string): string[] {
  const byName = new Map(packed.map((entry) => [entry.pkg.manifest.name, entry]));
  const wanted = new Set<string>();
  const visit = (name: string) => {
    const entry = byName.get(name);
    if (entry === undefined || wanted.has(name)) return;
    wanted.add(name);
    for (const dependency of Object.keys(entry.manifest.dependencies ?? {})) visit(dependency);
  };
  visit(appName);
  return [...wanted].map((name) => byName.get(name)?.tarball ?? "");
}

async function installAlone(appName: string, project: string): Promise<CommandRun> {
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    `${JSON.stringify({ name: "packed-app-alone", private: true, type: "module" }, null, 2)}\n`,
  );
  return runCommand("npm", ["install", "--no-audit", "--no-fund", ...tarballsFor(appName)], {
    cwd: project,
    env: { ...env, npm_config_better_sqlite3_binary_host: mirror.url },
    timeoutMs: 600_000,
  });
}

beforeAll(async () => {
  const tarballs = join(folder, "tarballs");
  mkdirSync(tarballs);
  packed = await packWorkspacePackages(publishablePackages(), tarballs);
  mirror = await startPrebuildMirror(folder);
  for (const [app, name] of [
    ["@org/openspec-mcp", "mcp-server"],
    ["@org/openspec-cli", "cli"],
  ] as const) {
    const project = join(folder, name);
    installs.set(app, { project, install: await installAlone(app, project) });
  }
  await mirror.close();
}, 1_200_000);

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

/** The names of our packages an install holds, without the scope. */
function ourPackages(project: string): string[] {
  const scope = join(project, "node_modules", "@org");
  return existsSync(scope) ? readdirSync(scope).sort() : [];
}

/** Asks a stdio MCP server for its tools with the SDK's client. */
async function listToolsOf(command: string, args: string[], project: string): Promise<string[]> {
  const transport = new StdioClientTransport({
    command,
    args,
    cwd: project,
    env: {
      ...env,
      OPENSPEC_AGENT_DB: join(project, "registry.db"),
      OPENSPEC_AGENT_TOOLSETS: "all",
    } as Record<string, string>,
    stderr: "pipe",
  });
  const client = new Client({ name: "packed-apps-alone", version: "0.0.0" });
  await client.connect(transport);
  try {
    return (await client.listTools()).tools.map((tool) => tool.name);
  } finally {
    await client.close();
  }
}

/** The address `serve` prints; fails as soon as its output ends without one. */
async function dashboardAddress(child: ChildProcessWithoutNullStreams): Promise<string> {
  let printed = "";
  for await (const chunk of child.stdout) {
    printed += String(chunk);
    const address = /OpenSpec dashboard: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(printed)?.[1];
    if (address !== undefined) return address;
  }
  throw new Error(`serve ended without printing its address: ${printed}`);
}

describe("@org/openspec-mcp installed alone", () => {
  it("GIVEN its tarball installed with npm WHEN looked at THEN no package of ours came with it, and openspec-mcp lists every tool over stdio", async () => {
    const { project, install } = installs.get("@org/openspec-mcp") ?? {};
    expect(install?.status, install && describeRun(install)).toBe(0);
    if (project === undefined) return;
    expect(ourPackages(project)).toEqual(["openspec-mcp"]);
    const tools = await listToolsOf(
      join(project, "node_modules", ".bin", "openspec-mcp"),
      [],
      project,
    );
    expect(tools).toContain("openspec_context");
    expect(tools).toContain("openspec_source_add");
  });
});

describe("@org/openspec-cli installed alone, its hosts removed", () => {
  const bin = () =>
    join(
      installs.get("@org/openspec-cli")?.project ?? "",
      "node_modules",
      ".bin",
      "openspec-agent",
    );

  it("GIVEN its tarball and its libraries' installed with npm WHEN the hosts it bundles are removed from node_modules THEN none is left", () => {
    const { project, install } = installs.get("@org/openspec-cli") ?? {};
    expect(install?.status, install && describeRun(install)).toBe(0);
    for (const host of HOSTS) {
      rmSync(join(project ?? "", "node_modules", "@org", host), { recursive: true, force: true });
    }
    const ours = ourPackages(project ?? "");
    expect(ours).toContain("openspec-cli");
    expect(ours.filter((name) => HOSTS.includes(name))).toEqual([]);
  });

  it("GIVEN no host package installed WHEN openspec-agent mcp serves over stdio THEN it lists every tool", async () => {
    const project = installs.get("@org/openspec-cli")?.project ?? "";
    const tools = await listToolsOf(bin(), ["mcp"], project);
    expect(tools).toContain("openspec_context");
    expect(tools).toContain("openspec_source_add");
  });

  it("GIVEN no host package installed WHEN openspec-agent hermes install runs THEN it installs the plugin folder and the bridge it records is the installed bundle's", async () => {
    const project = installs.get("@org/openspec-cli")?.project ?? "";
    const hermesHome = join(folder, "hermes");
    const result = await runCommand(bin(), ["hermes", "install", "--json"], {
      cwd: project,
      env: { ...env, HERMES_HOME: hermesHome, OPENSPEC_AGENT_DB: join(project, "registry.db") },
    });
    expect(JSON.parse(result.stdout), describeRun(result)).toMatchObject({ ok: true });
    expect(existsSync(join(hermesHome, "plugins", "openspec", "plugin.yaml"))).toBe(true);
    expect(existsSync(join(hermesHome, "plugins", "openspec", "bridge.json"))).toBe(true);
  });

  it("GIVEN no host package installed WHEN openspec-agent serve starts THEN its dashboard answers, and SIGTERM stops it", async () => {
    const project = installs.get("@org/openspec-cli")?.project ?? "";
    const child = spawn(bin(), ["serve", "--port", "0"], {
      cwd: project,
      env: { ...env, OPENSPEC_AGENT_DB: join(project, "registry.db") },
    });
    try {
      const page = await fetch(await dashboardAddress(child));
      expect(page.status).toBe(200);
    } finally {
      if (child.exitCode === null && child.signalCode === null) {
        const ended = once(child, "exit");
        child.kill("SIGTERM");
        await ended;
      }
    }
  });
});
