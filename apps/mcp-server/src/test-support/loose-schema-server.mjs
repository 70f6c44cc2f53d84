#!/usr/bin/env node
// A server whose one tool publishes the schemas zod writes before the portable
// rewrite (a type list, an empty schema): the Inspector must warn about it,
// which shows its strict check really runs here.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";

const server = new Server({ name: "loose", version: "0.0.0" }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, () => ({
  tools: [
    {
      name: "loose_tool",
      inputSchema: { type: "object", properties: { name: { type: ["string", "null"] } } },
      outputSchema: { type: "object", properties: { payload: {} } },
    },
  ],
}));
await server.connect(new StdioServerTransport());
