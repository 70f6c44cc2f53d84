import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { Door, DoorOptions } from "./door.js";

const MCP_BIN = join(
  dirname(fileURLToPath(import.meta.resolve("@org/openspec-mcp"))),
  "..",
  "bin",
  "openspec-mcp.js",
);

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
  const client = new Client({ name: "openspec-contract-suite", version: "0.0.0" });
  await client.connect(transport);
  return {
    name: "mcp",
    async call(tool, args) {
      const result = await client.callTool({ name: tool, arguments: args });
      if (result.structuredContent !== undefined) return result.structuredContent;
      // Only the SDK answers without structured content: it refused the input against the schema.
      return { ok: false, code: "invalid_input", error: JSON.stringify(result.content) };
    },
    listTools: async () => (await client.listTools()).tools.map((tool) => tool.name),
    close: () => client.close(),
  };
}
