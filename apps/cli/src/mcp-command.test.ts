import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { createCatalog } from "@org/openspec-core";
import { isolatedEnvironment, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { CLI_BIN, runBin } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

const response = z.object({ id: z.number(), result: z.record(z.string(), z.unknown()) });

/** The initialize request an MCP client sends first, with id 1. */
const INITIALIZE = {
  id: 1,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "t", version: "0" },
  },
};

/**
 * Starts `command args` as an MCP client would, registers `repository` as a
 * source over JSON-RPC and closes stdin; resolves with the tools/call result.
 */
async function addSourceOverMcp(
  command: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
  repository: string,
): Promise<Record<string, unknown>> {
  const child = spawn(command, args, { env, stdio: ["pipe", "pipe", "pipe"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const send = (message: object) =>
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  const lines = createInterface({ input: child.stdout });
  send(INITIALIZE);
  let answer: Record<string, unknown> = {};
  for await (const line of lines) {
    const parsed: unknown = JSON.parse(line);
    // The server's log arrives as notifications/message between the answers.
    if (typeof parsed === "object" && parsed !== null && !("id" in parsed)) continue;
    const message = response.parse(parsed);
    if (message.id === 1) {
      send({ method: "notifications/initialized" });
      send({
        id: 2,
        method: "tools/call",
        params: { name: "openspec_source_add", arguments: { path: repository } },
      });
    } else {
      answer = message.result;
      child.stdin.end();
    }
  }
  expect(await exited).toBe(0);
  return answer;
}

/** Starts `node args` as an MCP client would and resolves with its tools/list answer. */
async function listToolsOverMcp(
  args: readonly string[],
  env: Record<string, string | undefined>,
): Promise<Record<string, unknown>[]> {
  const child = spawn(process.execPath, args, { env, stdio: ["pipe", "pipe", "pipe"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  const send = (message: object) =>
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", ...message })}\n`);
  send(INITIALIZE);
  send({ method: "notifications/initialized" });
  send({ id: 2, method: "tools/list" });
  child.stdin.end();
  let tools: Record<string, unknown>[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed === "object" && parsed !== null && !("id" in parsed)) continue;
    const message = response.parse(parsed);
    if (message.id === 2)
      tools = z.array(z.record(z.string(), z.unknown())).parse(message.result.tools);
  }
  expect(await exited).toBe(0);
  return tools;
}

describe("openspec-agent mcp", () => {
  it("GIVEN the global --db WHEN the server registers a source THEN it lands in that registry file, not in OPENSPEC_AGENT_DB", async () => {
    // The sources toolset: registering a repository is not in the default ones.
    const { home, env } = isolatedEnvironment({ OPENSPEC_AGENT_TOOLSETS: "sources" });
    const registry = join(home, "chosen.db");
    const added = await addSourceOverMcp(
      process.execPath,
      [CLI_BIN, "--db", registry, "mcp"],
      env,
      makeOpenSpecRepository(),
    );
    expect(added).toMatchObject({ structuredContent: { ok: true } });
    expect(existsSync(registry)).toBe(true);
    expect(existsSync(env.OPENSPEC_AGENT_DB ?? "")).toBe(false);
    const catalog = createCatalog({ env, registryPath: registry });
    expect(await catalog.call("openspec_source_list", {})).toMatchObject({ ok: true, total: 1 });
    catalog.close();
  });

  it("GIVEN no toolsets setting WHEN openspec-agent mcp --toolsets sources starts THEN the sources tools answer, as with openspec-mcp --toolsets", async () => {
    const { env } = isolatedEnvironment();
    delete env.OPENSPEC_AGENT_TOOLSETS;
    const added = await addSourceOverMcp(
      process.execPath,
      [CLI_BIN, "mcp", "--toolsets", "sources"],
      env,
      makeOpenSpecRepository(),
    );
    expect(added).toMatchObject({ structuredContent: { ok: true } });
  });

  it("GIVEN a toolset name that does not exist WHEN openspec-agent mcp starts THEN it is a usage error naming the toolsets there are", () => {
    const { home, env } = isolatedEnvironment();
    const run = runBin(["mcp", "--toolsets", "read,everything"], { env, cwd: home });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("everything");
    expect(run.stderr).toContain("lifecycle");
  });

  it("GIVEN OPENSPEC_AGENT_OUTPUT_SCHEMAS that is neither on nor off WHEN openspec-agent mcp starts THEN it is a usage error naming the values and the flag", () => {
    const { home, env } = isolatedEnvironment({ OPENSPEC_AGENT_OUTPUT_SCHEMAS: "no" });
    const run = runBin(["mcp"], { env, cwd: home });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'OPENSPEC_AGENT_OUTPUT_SCHEMAS is "no", which is neither on nor off.',
    );
    expect(run.stderr).toContain("--no-output-schemas");
  });

  it("GIVEN --no-output-schemas WHEN openspec-agent mcp lists its tools THEN none has an output schema, and a call still answers with structured content", async () => {
    const { env } = isolatedEnvironment({ OPENSPEC_AGENT_TOOLSETS: "sources" });
    const listed = await listToolsOverMcp([CLI_BIN, "mcp", "--no-output-schemas"], env);
    expect(listed.map((tool) => tool.name)).toContain("openspec_source_add");
    expect(listed.filter((tool) => "outputSchema" in tool)).toEqual([]);
    const withSchemas = await listToolsOverMcp([CLI_BIN, "mcp"], env);
    expect(withSchemas.every((tool) => "outputSchema" in tool)).toBe(true);
    const added = await addSourceOverMcp(
      process.execPath,
      [CLI_BIN, "mcp", "--no-output-schemas"],
      env,
      makeOpenSpecRepository(),
    );
    expect(added).toMatchObject({ structuredContent: { ok: true } });
  });

  it("GIVEN --read-only with --http WHEN openspec-agent mcp starts THEN it is a usage error saying that tokens are read-only over HTTP", () => {
    const { home, env } = isolatedEnvironment();
    const run = runBin(["mcp", "--http", "--read-only"], { env, cwd: home });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("--read-only is for stdio");
  });

  it("GIVEN a Cursor snippet from mcp config --db WHEN its command is started as Cursor would THEN the server serves that registry", async () => {
    const { home, env } = isolatedEnvironment({ OPENSPEC_AGENT_TOOLSETS: "sources" });
    const registry = join(home, "from-config.db");
    const printed = runBin(["mcp", "config", "--client", "cursor", "--db", registry], {
      env,
      cwd: home,
    });
    const entry = z
      .object({
        mcpServers: z.object({
          openspec: z.object({
            command: z.string(),
            args: z.array(z.string()),
            env: z.record(z.string(), z.string()),
          }),
        }),
      })
      .parse(JSON.parse(printed.stdout)).mcpServers.openspec;
    expect(entry.args).toEqual([CLI_BIN, "mcp"]);
    const added = await addSourceOverMcp(
      entry.command,
      entry.args,
      { ...env, OPENSPEC_AGENT_DB: undefined, ...entry.env },
      makeOpenSpecRepository(),
    );
    expect(added).toMatchObject({ structuredContent: { ok: true } });
    expect(existsSync(registry)).toBe(true);
  });
});
