import { existsSync } from "node:fs";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { PUBLISHED_BIN, SERVER_BUNDLE } from "./sandbox.js";

export type McpHostOptions = {
  /** The server's whole environment (HOME, PATH, OPENSPEC_AGENT_DB, ...). */
  env: Record<string, string>;
  cwd?: string;
  /** Command-line arguments for the server, e.g. `["--workdir", path]`. */
  args?: string[];
};

export type McpHost = {
  /** Calls a tool and returns its result object (the `structuredContent`). */
  call(tool: string, args: Record<string, unknown>): Promise<unknown>;
  /** The names `tools/list` offers now, in the server's order. */
  listTools(): Promise<string[]>;
  close(): Promise<void>;
  /** The SDK client, for what the host does not cover (raw results, notifications). */
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
};

/**
 * The MCP server as one "host" to the tool catalog: the published bin is
 * spawned over stdio and driven by the SDK's own client, exactly as an MCP
 * host would. Needs `pnpm build` first.
 */
export async function openMcpHost(options: McpHostOptions): Promise<McpHost> {
  if (!existsSync(SERVER_BUNDLE))
    throw new Error(`${SERVER_BUNDLE} is missing: run pnpm build first.`);
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [PUBLISHED_BIN, ...(options.args ?? [])],
    env: options.env,
    stderr: "pipe",
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client(
    { name: "openspec-mcp-tests", version: "0.0.0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    async call(tool, args) {
      const result = await client.callTool({ name: tool, arguments: args });
      if (result.structuredContent === undefined) {
        throw new Error(`${tool} answered without a result object: ${JSON.stringify(result)}`);
      }
      return result.structuredContent;
    },
    async listTools() {
      return (await client.listTools()).tools.map((tool) => tool.name);
    },
    close: () => client.close(),
  };
}
