import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { callThroughMcpClient } from "./call-through-mcp-client.js";
import type { HostOptions, HostUnderTest } from "./host-under-test.js";

export const MCP_BIN = join(
  dirname(fileURLToPath(import.meta.resolve("@org/openspec-mcp/package.json"))),
  "bin",
  "openspec-mcp.js",
);

/** The MCP server over real stdio, driven by the SDK's own client as an MCP host would. */
export async function openMcpHost({ env, cwd, firstRun }: HostOptions): Promise<HostUnderTest> {
  const definedEnv = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    // Every tool: the suites drive the whole catalog, not the default toolsets (unless firstRun).
    args: firstRun ? [MCP_BIN] : [MCP_BIN, "--toolsets", "all"],
    env: definedEnv,
    cwd,
    stderr: "ignore",
  });
  const client = new Client({ name: "openspec-reliability-suite", version: "0.0.0" });
  await client.connect(transport);
  // The client learns the tools' output schemas from the list and then checks every answer against them.
  await client.listTools();
  return {
    name: "mcp",
    call: (tool, args) => callThroughMcpClient(client, tool, args),
    listTools: async () => (await client.listTools()).tools.map((tool) => tool.name),
    hostPid: async () => transport.pid ?? undefined,
    close: () => client.close(),
  };
}
