import type { Context } from "hono";

/**
 * A JSON-RPC error answer with no id, as the MCP transport gives for requests
 * it refuses: the HTTP server refuses some before the transport sees them.
 */
export function jsonRpcError(
  c: Context,
  status: number,
  message: string,
  code = -32000,
  headers: Record<string, string> = {},
): Response {
  return c.json({ jsonrpc: "2.0", error: { code, message }, id: null }, status as 400, headers);
}
