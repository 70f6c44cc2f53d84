import type { AuthInfo, McpRequestContext, Server } from "@modelcontextprotocol/server";
import { buildServer } from "./build-server.js";
import type { McpHost } from "./create-host.js";
import type { Principal } from "./http-registry.js";

/**
 * What the HTTP route chose for one 2026-07-28 request, on every request
 * anew: the token's holder, the host for its view (read-only or not) and
 * toolsets (`X-OpenSpec-Toolsets`), and the name its CLI runs take turns by.
 */
export type ModernRequest = { principal: Principal; host: McpHost; caller: string };

/** Where the choice rides to the SDK's server factory: the request's `authInfo.extra`. */
const CHOICE = "openspec";

/** The `authInfo` the route passes with a 2026-07-28 request (the token itself is not repeated). */
export function modernAuthInfo(request: ModernRequest): AuthInfo {
  return { token: "", clientId: request.principal.name, scopes: [], extra: { [CHOICE]: request } };
}

/**
 * The server for one 2026-07-28 request (the SDK's factory): built on the
 * host the route chose, closed by the SDK when the exchange ends.
 */
export function buildModernServer(context: McpRequestContext): Server {
  const request = context.authInfo?.extra?.[CHOICE] as ModernRequest | undefined;
  if (request === undefined) {
    throw new Error("A 2026-07-28 request reached the MCP handler without the route's choice.");
  }
  return buildServer(request.host, { era: "modern", caller: request.caller }).mcp;
}
