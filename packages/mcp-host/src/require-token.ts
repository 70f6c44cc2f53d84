import type { MiddlewareHandler } from "hono";
import type { HttpEnv } from "./http-env.js";
import type { Authentication, HttpRegistry } from "./http-registry.js";
import { jsonRpcError } from "./json-rpc-error.js";

const SESSION_HEADER = "mcp-session-id";

/**
 * The bearer token (401), checked on every request against the registry, so
 * a revoked token is refused at once. Hono's bearer middleware takes a yes or
 * no from its verifier; the registry answers with the token's holder (which
 * the session needs), 401, or 503 when it cannot be read, so this one is
 * ours. `lookNow` asks the revocation watch to look at once: a session's
 * token refused here should end its stream too, not at the next check.
 */
export function requireToken(options: {
  noAuth: boolean;
  registry: Pick<HttpRegistry, "authenticate">;
  lookNow: () => void;
}): MiddlewareHandler<HttpEnv> {
  return async (c, next) => {
    const auth: Authentication = options.noAuth
      ? { ok: true, principal: { tokenId: null, name: "no-auth", readOnly: false } }
      : await options.registry.authenticate(c.req.header("authorization"));
    if (!auth.ok) {
      if (c.req.header(SESSION_HEADER) !== undefined) options.lookNow();
      return jsonRpcError(c, auth.status, auth.error, -32000, {
        "www-authenticate":
          auth.credentials === "missing"
            ? 'Bearer realm="openspec"'
            : 'Bearer realm="openspec", error="invalid_token"',
      });
    }
    c.set("principal", auth.principal);
    await next();
  };
}
