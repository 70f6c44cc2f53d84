import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { Door, DoorOptions } from "./door.js";

export const MCP_BIN = join(
  dirname(fileURLToPath(import.meta.resolve("@org/openspec-mcp/package.json"))),
  "bin",
  "openspec-mcp.js",
);

/** Longer than any call may take here; a call that reaches it has hung, which the checks report themselves. */
const REQUEST_TIMEOUT_MS = 600_000;

/** The MCP server over real stdio, driven by the SDK's own client as an MCP host would. */
export async function openMcpDoor({ env, cwd }: DoorOptions): Promise<Door> {
  const definedEnv = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [MCP_BIN],
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
    async call(tool, args) {
      try {
        const result = await client.callTool(
          { name: tool, arguments: args as Record<string, unknown> },
          undefined,
          { timeout: REQUEST_TIMEOUT_MS },
        );
        if (result.structuredContent !== undefined) {
          return { kind: "result", result: result.structuredContent };
        }
        // Every answer of the catalog has structured content; one without it came from elsewhere.
        return { kind: "refused", detail: JSON.stringify(result.content) };
      } catch (error) {
        // A closed connection or a timeout is the server failing, not refusing.
        const broken = [ErrorCode.ConnectionClosed, ErrorCode.RequestTimeout];
        if (error instanceof McpError && !broken.includes(error.code)) {
          return { kind: "refused", detail: `JSON-RPC error ${error.code}: ${error.message}` };
        }
        throw error;
      }
    },
    listTools: async () => (await client.listTools()).tools.map((tool) => tool.name),
    hostPid: async () => transport.pid ?? undefined,
    close: () => client.close(),
  };
}
