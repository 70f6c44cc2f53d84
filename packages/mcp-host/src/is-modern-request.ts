import { classifyInboundRequest } from "@modelcontextprotocol/server";

/**
 * Whether a request without a session is the 2026-07-28 revision's, by the
 * SDK's own classification (the envelope in `_meta`, `MCP-Protocol-Version`).
 * A request the SDK refuses while it claims that revision (a bad envelope,
 * headers that disagree with it) is one too: the modern handler answers it
 * in that revision's words. A body that is no JSON-RPC message, a GET and
 * everything of the 2025 revisions stay on the session path, as before.
 */
export function isModernRequest(
  httpMethod: string,
  header: (name: string) => string | undefined,
  body: unknown,
): boolean {
  if (httpMethod !== "POST") return false;
  const protocolVersionHeader = header("mcp-protocol-version");
  const mcpMethodHeader = header("mcp-method");
  const mcpNameHeader = header("mcp-name");
  const outcome = classifyInboundRequest({
    httpMethod,
    ...(protocolVersionHeader === undefined ? {} : { protocolVersionHeader }),
    ...(mcpMethodHeader === undefined ? {} : { mcpMethodHeader }),
    ...(mcpNameHeader === undefined ? {} : { mcpNameHeader }),
    ...(body === undefined ? {} : { body }),
  });
  if (outcome.kind === "modern") return true;
  return outcome.kind === "reject" && outcome.rung !== "jsonrpc-shape";
}
