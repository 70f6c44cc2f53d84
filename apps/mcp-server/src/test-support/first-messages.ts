/** What a client pipes at start: initialize, initialized, tools/list, one JSON line each. */
export const FIRST_MESSAGES = `${[
  {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "openspec-mcp-start-check", version: "0" },
    },
  },
  { jsonrpc: "2.0", method: "notifications/initialized" },
  { jsonrpc: "2.0", id: 2, method: "tools/list" },
]
  .map((message) => JSON.stringify(message))
  .join("\n")}\n`;
