import { Client, ProtocolError, type Transport } from "@modelcontextprotocol/client";
import { modernClientValidator } from "@org/test-kit/mcp-client-validators";
import { answerOfMcpCall, REQUEST_TIMEOUT_MS } from "./answer-of-mcp-call.js";
import type { McpClientParts } from "./host-of-mcp-client.js";

/**
 * The SDK v2 client on `transport`, pinned to the 2026-07-28 revision: no
 * `initialize`, every request with its own `_meta`. A `ProtocolError` (a
 * JSON-RPC error) is the server refusing a call; the client reports a closed
 * connection or a timeout as an `SdkError`, the server failing, thrown on.
 */
export async function connectModernClient(transport: Transport): Promise<McpClientParts> {
  const client = new Client(
    { name: "openspec-reliability-suite", version: "0.0.0" },
    {
      versionNegotiation: { mode: { pin: "2026-07-28" } },
      jsonSchemaValidator: modernClientValidator,
    },
  );
  await client.connect(transport);
  return {
    call: (tool, args) =>
      answerOfMcpCall(
        () =>
          client.callTool(
            { name: tool, arguments: args as Record<string, unknown> },
            { timeout: REQUEST_TIMEOUT_MS },
          ),
        (error) =>
          error instanceof ProtocolError
            ? `JSON-RPC error ${error.code}: ${error.message}`
            : undefined,
      ),
    listTools: async () => (await client.listTools()).tools.map((tool) => tool.name),
    close: () => client.close(),
  };
}
