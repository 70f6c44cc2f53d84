import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { connectLegacyClient } from "./connect-legacy-client.js";
import { hostOfMcpClient } from "./host-of-mcp-client.js";
import type { HostOptions, HostUnderTest } from "./host-under-test.js";

export const MCP_BIN = join(
  dirname(fileURLToPath(import.meta.resolve("@org/openspec-mcp/package.json"))),
  "bin",
  "openspec-mcp.js",
);

/** How a stdio host starts `openspec-mcp`: with every tool, since the suites drive the whole catalog, or as a first run sets it up (no settings). */
export function stdioServer({ env, cwd, firstRun }: HostOptions) {
  const definedEnv = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return {
    command: process.execPath,
    args: firstRun ? [MCP_BIN] : [MCP_BIN, "--toolsets", "all"],
    env: definedEnv,
    cwd,
    stderr: "ignore" as const,
  };
}

/** The MCP server over real stdio, driven by the SDK's own client as an MCP host would. */
export async function openMcpHost(options: HostOptions): Promise<HostUnderTest> {
  const transport = new StdioClientTransport(stdioServer(options));
  return hostOfMcpClient("mcp", await connectLegacyClient(transport), transport);
}
