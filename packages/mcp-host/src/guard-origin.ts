import type { MiddlewareHandler } from "hono";
import { checkRequestOrigin } from "./check-request-origin.js";
import type { HttpEnv } from "./http-env.js";
import { jsonRpcError } from "./json-rpc-error.js";

/**
 * DNS-rebinding protection (403), the first check of every `/mcp` request:
 * the Host half is the SDK's check, the Origin half ours, since the SDK's
 * origin list cannot say "the request's own origin, port and scheme, behind a
 * TLS proxy too" (check-request-origin.ts).
 */
export function guardOrigin(allowedHosts: ReadonlySet<string>): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const refused = checkRequestOrigin(c.env.incoming, allowedHosts);
    if (refused !== undefined) return jsonRpcError(c, 403, `Forbidden: ${refused}.`);
    await next();
  };
}
