import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { HostAnswer } from "./host-under-test.js";

/** Longer than any call may take here; a call that reaches it has hung, which the checks report themselves. */
const REQUEST_TIMEOUT_MS = 600_000;

/**
 * One tool call through an MCP client, whatever its transport: the catalog's
 * result, or what refused the call before the catalog saw it.
 */
export async function callThroughMcpClient(
  client: Client,
  tool: string,
  args: unknown,
): Promise<HostAnswer> {
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
}
