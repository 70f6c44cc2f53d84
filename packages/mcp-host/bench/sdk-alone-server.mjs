// The yardstick for mcp-startup (`pnpm bench`): the MCP SDK v2's own stdio server with
// as many tools as openspec-mcp's default toolsets, each with a one-field input,
// and none of the catalog. scripts/bench.mjs bundles it with the apps' bundler
// and starts it as openspec-mcp starts, so the two figures differ only by what
// this project adds to the SDK.
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { z } from "zod";

const TOOLS = Number(process.env.SDK_ALONE_TOOLS ?? 15);

const server = new McpServer({ name: "sdk-alone", version: "0.0.0" });
for (let index = 0; index < TOOLS; index++) {
  server.registerTool(
    `tool_${index}`,
    { description: "A tool of the yardstick.", inputSchema: z.object({ name: z.string() }) },
    async ({ name }) => ({ content: [{ type: "text", text: name }] }),
  );
}
void server.connect(new StdioServerTransport());
