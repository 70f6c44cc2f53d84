import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import {
  AUTH_SPEC,
  makeOpenSpecRepository,
  removeTemporaryFolders,
  temporaryFolder,
} from "@org/test-kit";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { mcpConfigSnippet } from "./mcp-config-snippet.js";
import { nodeOnlyPath, STDIO_SERVER } from "./test-support/sandbox.js";

afterEach(removeTemporaryFolders);

const serverEntry = z.object({
  command: z.string(),
  args: z.array(z.string()),
  env: z.record(z.string(), z.string()).optional(),
});
type ServerEntry = z.infer<typeof serverEntry>;

/** A registry path and a repository in folders whose names need quoting in a shell. */
function awkwardSetup() {
  const base = join(temporaryFolder("snippet-"), "Application Support", "it's here");
  mkdirSync(base, { recursive: true });
  const workdir = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
  return { registryPath: join(base, "registry.db"), workdir, home: temporaryFolder("home-") };
}

/**
 * Starts the server as a client would from the entry, with only the baseline
 * environment Hermes Agent passes (PATH, HOME) plus the entry's own env, and
 * checks it serves and keeps its registry where the entry says.
 */
async function expectEntryServes(entry: ServerEntry, setup: ReturnType<typeof awkwardSetup>) {
  const transport = new StdioClientTransport({
    command: entry.command,
    args: entry.args,
    // With the sources toolset, which registering a repository needs (not a default one).
    env: {
      PATH: nodeOnlyPath(),
      HOME: setup.home,
      OPENSPEC_AGENT_TOOLSETS: "read,sources",
      ...entry.env,
    },
    stderr: "pipe",
  });
  const client = new Client(
    { name: "snippet-check", version: "0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  await client.connect(transport);
  try {
    const listed = await client.callTool({ name: "openspec_spec_list", arguments: {} });
    expect(listed.structuredContent).toMatchObject({ ok: true, specs: ["auth"] });
    const added = await client.callTool({
      name: "openspec_source_add",
      arguments: { path: setup.workdir },
    });
    expect(added.structuredContent).toMatchObject({ ok: true });
  } finally {
    await client.close();
  }
  expect(existsSync(setup.registryPath)).toBe(true);
  expect(existsSync(join(setup.home, ".local", "share", "openspec-agent", "registry.db"))).toBe(
    false,
  );
}

/**
 * The tables of a TOML document of `[table]` headers and `key = value` lines
 * whose values are basic strings or arrays of them (JSON reads both), as the
 * Codex snippet is written; anything else fails the test.
 */
function readTomlTables(text: string): Record<string, Record<string, unknown>> {
  const tables: Record<string, Record<string, unknown>> = {};
  let current: Record<string, unknown> | undefined;
  for (const line of text.split("\n").filter((candidate) => candidate.trim() !== "")) {
    const header = /^\[([A-Za-z0-9_.]+)\]$/.exec(line);
    const pair = /^([A-Za-z0-9_]+) = (.+)$/.exec(line);
    if (header?.[1]) {
      current = {};
      tables[header[1]] = current;
    } else if (pair?.[1] && pair[2] && current) {
      current[pair[1]] = JSON.parse(pair[2]);
    } else {
      throw new Error(`Not a line of the expected TOML: ${line}`);
    }
  }
  return tables;
}

const LOCAL_LAUNCH = { command: process.execPath, args: [STDIO_SERVER] };

describe("mcpConfigSnippet", () => {
  it("GIVEN a local checkout WHEN the Cursor snippet is used as .cursor/mcp.json THEN the server it starts uses the registry and workdir it names", async () => {
    const setup = awkwardSetup();
    const text = mcpConfigSnippet("cursor", {
      ...LOCAL_LAUNCH,
      registryPath: setup.registryPath,
      workdir: setup.workdir,
    });
    const config = z
      .object({ mcpServers: z.object({ openspec: serverEntry }) })
      .parse(JSON.parse(text));
    expect(config.mcpServers.openspec.env).toEqual({
      OPENSPEC_AGENT_DB: setup.registryPath,
      OPENSPEC_AGENT_WORKDIR: setup.workdir,
    });
    await expectEntryServes(config.mcpServers.openspec, setup);
  });

  it("GIVEN a local checkout WHEN the Codex snippet is read as ~/.codex/config.toml THEN its [mcp_servers.openspec] table starts a server that uses the registry and workdir it names, without output schemas", async () => {
    const setup = awkwardSetup();
    const text = mcpConfigSnippet("codex", {
      ...LOCAL_LAUNCH,
      registryPath: setup.registryPath,
      workdir: setup.workdir,
    });
    const tables = readTomlTables(text);
    expect(Object.keys(tables)).toEqual(["mcp_servers.openspec", "mcp_servers.openspec.env"]);
    const entry = serverEntry.parse({
      ...tables["mcp_servers.openspec"],
      env: tables["mcp_servers.openspec.env"],
    });
    expect(entry).toEqual({
      ...LOCAL_LAUNCH,
      env: {
        OPENSPEC_AGENT_OUTPUT_SCHEMAS: "off",
        OPENSPEC_AGENT_DB: setup.registryPath,
        OPENSPEC_AGENT_WORKDIR: setup.workdir,
      },
    });
    await expectEntryServes(entry, setup);
  });

  it("GIVEN a local checkout WHEN the Hermes snippet is read as ~/.hermes/config.yaml THEN the server it starts uses the registry and workdir it names", async () => {
    const setup = awkwardSetup();
    const text = mcpConfigSnippet("hermes", {
      ...LOCAL_LAUNCH,
      registryPath: setup.registryPath,
      workdir: setup.workdir,
      openspecBin: "/opt/openspec/bin/openspec",
    });
    const config = z
      .object({ mcp_servers: z.object({ openspec: serverEntry }) })
      .parse(parseYaml(text));
    expect(config.mcp_servers.openspec).toEqual({
      ...LOCAL_LAUNCH,
      env: {
        OPENSPEC_AGENT_DB: setup.registryPath,
        OPENSPEC_AGENT_WORKDIR: setup.workdir,
        OPENSPEC_BIN: "/opt/openspec/bin/openspec",
      },
    });
    await expectEntryServes(config.mcp_servers.openspec, setup);
  });

  it("GIVEN a local checkout WHEN the Claude Code command runs in a shell THEN claude gets the name before -e and a server command that works", async () => {
    const setup = awkwardSetup();
    const fakeBin = temporaryFolder("fake-claude-");
    const argvFile = join(fakeBin, "argv");
    // Stands in for the claude binary: records the words the shell hands it.
    writeFileSync(join(fakeBin, "claude"), `#!/bin/sh\nprintf '%s\\0' "$@" > "${argvFile}"\n`);
    chmodSync(join(fakeBin, "claude"), 0o755);
    const text = mcpConfigSnippet("claude", {
      ...LOCAL_LAUNCH,
      registryPath: setup.registryPath,
      workdir: setup.workdir,
    });

    const shell = spawnSync("/bin/sh", ["-c", text], {
      env: { PATH: `${fakeBin}:/usr/bin:/bin` },
      encoding: "utf8",
    });

    expect(shell.status).toBe(0);
    const argv = readFileSync(argvFile, "utf8").split("\0").slice(0, -1);
    expect(argv).toEqual([
      "mcp",
      "add",
      "--scope",
      "local",
      "openspec",
      "-e",
      `OPENSPEC_AGENT_DB=${setup.registryPath}`,
      "-e",
      `OPENSPEC_AGENT_WORKDIR=${setup.workdir}`,
      "--",
      process.execPath,
      STDIO_SERVER,
    ]);
    const env = Object.fromEntries(
      argv
        .filter((_word, index) => argv[index - 1] === "-e")
        .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    );
    const [command = "", ...args] = argv.slice(argv.indexOf("--") + 1);
    await expectEntryServes({ command, args, env }, setup);
  });

  it("GIVEN no options WHEN snippets are written THEN they start the published package with npx, add no env, and Claude Code registers it for the user", () => {
    expect(mcpConfigSnippet("claude")).toBe(
      "claude mcp add --scope user openspec -- npx -y @org/openspec-mcp\n",
    );
    expect(JSON.parse(mcpConfigSnippet("cursor"))).toEqual({
      mcpServers: { openspec: { command: "npx", args: ["-y", "@org/openspec-mcp"] } },
    });
    expect(parseYaml(mcpConfigSnippet("hermes"))).toEqual({
      mcp_servers: { openspec: { command: "npx", args: ["-y", "@org/openspec-mcp"] } },
    });
  });
});
