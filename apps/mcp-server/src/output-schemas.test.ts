import { spawnSync } from "node:child_process";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { toolCatalog } from "@org/openspec-core";
import { removeTemporaryFolders } from "@org/test-kit";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterEach, describe, expect, it } from "vitest";
import { startHttpProcess, stopHttpProcess } from "./test-support/http-process.js";
import { openMcpHost } from "./test-support/open-mcp-host.js";
import { PUBLISHED_BIN, serverEnvironment } from "./test-support/sandbox.js";

afterEach(removeTemporaryFolders);

/** A stdio server with the real CLI and every toolset, `setting` as OPENSPEC_AGENT_OUTPUT_SCHEMAS (when given), and `args`. */
const openServer = (args: string[], setting?: string) => {
  const extra: Record<string, string> = { OPENSPEC_AGENT_TOOLSETS: "all" };
  if (setting !== undefined) extra.OPENSPEC_AGENT_OUTPUT_SCHEMAS = setting;
  const { env } = serverEnvironment({ cli: true, extra });
  if (setting === undefined) delete env.OPENSPEC_AGENT_OUTPUT_SCHEMAS;
  return openMcpHost({ env, args });
};

/** The names of the listed tools that carry an output schema. */
const withOutputSchema = async (host: { client: Client }) =>
  (await host.client.listTools()).tools
    .filter((tool) => tool.outputSchema !== undefined)
    .map((tool) => tool.name);

describe("GIVEN the MCP server over stdio", () => {
  it("WHEN nothing says otherwise THEN every tool in tools/list has its output schema, and the SDK client checks an answer against it", async () => {
    const host = await openServer([]);
    try {
      expect(await withOutputSchema(host)).toEqual(toolCatalog.map((tool) => tool.name));
      expect(await host.call("openspec_source_list", {})).toMatchObject({ ok: true, sources: [] });
    } finally {
      await host.close();
    }
  });

  it("WHEN --no-output-schemas is given THEN no tool in tools/list has an output schema, and a call still answers with structured content the SDK client accepts", async () => {
    const host = await openServer(["--no-output-schemas"]);
    try {
      const listed = (await host.client.listTools()).tools;
      expect(listed.map((tool) => tool.name)).toEqual(toolCatalog.map((tool) => tool.name));
      expect(await withOutputSchema(host)).toEqual([]);
      expect(listed.every((tool) => tool.inputSchema.type === "object")).toBe(true);
      const answer = await host.client.callTool({ name: "openspec_source_list", arguments: {} });
      expect(answer.structuredContent).toMatchObject({ ok: true, sources: [] });
      expect(answer.isError).toBeFalsy();
      expect(host.stderr()).toContain("no output schemas");
    } finally {
      await host.close();
    }
  });

  it("WHEN OPENSPEC_AGENT_OUTPUT_SCHEMAS is off THEN tools/list has no output schema; on sends them, and the flag overrides on", async () => {
    const off = await openServer([], "off");
    try {
      expect(await withOutputSchema(off)).toEqual([]);
      expect(await off.call("openspec_source_list", {})).toMatchObject({ ok: true, sources: [] });
    } finally {
      await off.close();
    }
    const on = await openServer([], "ON");
    try {
      expect(await withOutputSchema(on)).toEqual(toolCatalog.map((tool) => tool.name));
    } finally {
      await on.close();
    }
    const flag = await openServer(["--no-output-schemas"], "on");
    try {
      expect(await withOutputSchema(flag)).toEqual([]);
    } finally {
      await flag.close();
    }
  });

  it("WHEN OPENSPEC_AGENT_OUTPUT_SCHEMAS is neither on nor off THEN the server does not start and says which values it takes", () => {
    const { env } = serverEnvironment({ cli: false });
    const run = spawnSync(process.execPath, [PUBLISHED_BIN], {
      env: { ...env, OPENSPEC_AGENT_OUTPUT_SCHEMAS: "false" },
      input: "",
      encoding: "utf8",
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      'OPENSPEC_AGENT_OUTPUT_SCHEMAS is "false", which is neither on nor off.',
    );
    expect(run.stderr).toContain("--no-output-schemas");
  });
});

describe("GIVEN the MCP server over HTTP (openspec-mcp --http)", () => {
  it("WHEN it starts with --no-output-schemas THEN no tool of a session has an output schema, and a call answers with structured content the SDK client accepts", async () => {
    const server = await startHttpProcess([
      "--no-auth",
      "--toolsets",
      "all",
      "--no-output-schemas",
    ]);
    const client = new Client(
      { name: "output-schemas-test", version: "0" },
      { jsonSchemaValidator: legacyClientValidator },
    );
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      const listed = (await client.listTools()).tools;
      expect(listed.map((tool) => tool.name)).toEqual(toolCatalog.map((tool) => tool.name));
      expect(await withOutputSchema({ client })).toEqual([]);
      const answer = await client.callTool({ name: "openspec_source_list", arguments: {} });
      expect(answer.structuredContent).toMatchObject({ ok: true, sources: [] });
      expect(server.log.join("\n")).toContain("no output schemas");
    } finally {
      await client.close();
      expect(await stopHttpProcess(server)).toBe(0);
    }
  });

  it("WHEN it starts without the switch THEN every tool of a session has its output schema", async () => {
    const server = await startHttpProcess(["--no-auth", "--toolsets", "all"]);
    const client = new Client(
      { name: "output-schemas-test", version: "0" },
      { jsonSchemaValidator: legacyClientValidator },
    );
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
      expect(await withOutputSchema({ client })).toEqual(toolCatalog.map((tool) => tool.name));
      const answer = await client.callTool({ name: "openspec_source_list", arguments: {} });
      expect(answer.structuredContent).toMatchObject({ ok: true, sources: [] });
    } finally {
      await client.close();
      expect(await stopHttpProcess(server)).toBe(0);
    }
  });
});
