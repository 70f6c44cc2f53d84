import { toWebRequest } from "@modelcontextprotocol/node";
import type { createMcpHandler } from "@modelcontextprotocol/server";
import type { ToolFailure } from "@org/openspec-core";
import type { Context } from "hono";
import { chooseToolsets } from "./choose-toolsets.js";
import type { HttpEnv } from "./http-env.js";
import type { Principal } from "./http-registry.js";
import { jsonRpcError } from "./json-rpc-error.js";
import type { ListenAdmission } from "./listen-admission.js";
import type { modernHosts } from "./modern-hosts.js";
import { modernAuthInfo } from "./modern-request.js";
import { requestIdOf } from "./request-id-of.js";

const TOOLSETS_HEADER = "x-openspec-toolsets";

export type ModernRequestsOptions = {
  /** The toolsets a request gets without an `X-OpenSpec-Toolsets` header. */
  serverToolsets: { ok: true; toolsets: string[] | undefined } | ToolFailure;
  hosts: ReturnType<typeof modernHosts>;
  /** The SDK's handler, which builds a server per request. */
  handler: Pick<ReturnType<typeof createMcpHandler>, "fetch">;
  admit: (principal: Principal, body: unknown) => Promise<ListenAdmission>;
};

/**
 * Serves 2026-07-28 requests: each has its toolsets and view chosen, and is
 * answered by the SDK's handler on a server of its own; the answer (JSON, or
 * SSE once the call reports progress) goes back through Hono. A request's
 * signal aborts when the client goes away or its token is revoked
 * (`stopTokens`), which cancels the call (a CLI run is killed).
 */
export function serveModernRequests(options: ModernRequestsOptions) {
  /** How to stop each request in flight, by token: revoking the token stops them. */
  const inFlight = new Map<number, Set<() => void>>();
  return {
    /** The tokens with a request in flight, for the revocation watch. */
    tokenIds: () => inFlight.keys(),
    stopTokens(revoked: Iterable<number>): void {
      for (const id of revoked) for (const stop of inFlight.get(id) ?? []) stop();
    },
    async serve(c: Context<HttpEnv>, principal: Principal, body: unknown): Promise<Response> {
      const header = c.req.header(TOOLSETS_HEADER);
      const toolsets = header !== undefined ? chooseToolsets(header) : options.serverToolsets;
      if (!toolsets.ok) {
        return jsonRpcError(c, 400, `Bad Request: ${toolsets.error} ${toolsets.fix}`);
      }
      const host = await options.hosts.hostFor(principal, toolsets.toolsets);
      const { incoming, outgoing } = c.env;
      const admitted = await options.admit(principal, body);
      if (!admitted.ok) {
        return c.json(
          { jsonrpc: "2.0", id: requestIdOf(body), error: admitted.error },
          admitted.status,
        );
      }
      outgoing.once("close", admitted.release);
      const aborted = new AbortController();
      const stop = (): void => {
        aborted.abort();
        outgoing.destroy();
      };
      const { tokenId } = principal;
      if (tokenId !== null) {
        const stops = inFlight.get(tokenId) ?? new Set();
        stops.add(stop);
        inFlight.set(tokenId, stops);
      }
      outgoing.once("close", () => {
        aborted.abort();
        if (tokenId === null) return;
        const stops = inFlight.get(tokenId);
        stops?.delete(stop);
        if (stops?.size === 0) inFlight.delete(tokenId);
      });
      const request = await toWebRequest(incoming, body, { signal: aborted.signal });
      return options.handler.fetch(request, {
        parsedBody: body,
        authInfo: modernAuthInfo({
          principal,
          host,
          caller: tokenId === null ? "local" : `token:${tokenId}`,
        }),
      });
    },
  };
}
