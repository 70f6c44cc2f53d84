import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { legacyClientValidator } from "@org/test-kit/mcp-client-validators";
import { answerOfMcpCall, REQUEST_TIMEOUT_MS } from "./answer-of-mcp-call.js";
import type { McpClientParts } from "./host-of-mcp-client.js";

/**
 * The SDK 1.x client on `transport`, speaking a 2025 revision (initialize,
 * then a session). A JSON-RPC error is the server refusing a call; a closed
 * connection or a timeout is the server failing, and is thrown on.
 */
export async function connectLegacyClient(transport: Transport): Promise<McpClientParts> {
  const client = new Client(
    { name: "openspec-reliability-suite", version: "0.0.0" },
    { jsonSchemaValidator: legacyClientValidator },
  );
  await client.connect(transport);
  const broken = [ErrorCode.ConnectionClosed, ErrorCode.RequestTimeout];
  return {
    call: (tool, args) =>
      answerOfMcpCall(
        () =>
          client.callTool({ name: tool, arguments: args as Record<string, unknown> }, undefined, {
            timeout: REQUEST_TIMEOUT_MS,
          }),
        (error) =>
          error instanceof McpError && !broken.includes(error.code)
            ? `JSON-RPC error ${error.code}: ${error.message}`
            : undefined,
      ),
    listTools: async () => (await client.listTools()).tools.map((tool) => tool.name),
    close: () => client.close(),
  };
}
