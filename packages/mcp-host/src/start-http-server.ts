import { once } from "node:events";
import {
  createServer as createHttpServer,
  type IncomingMessage,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { isInitializeRequest } from "@modelcontextprotocol/sdk/types.js";
import { type Catalog, createCatalog, type ToolFailure, toolFailure } from "@org/openspec-core";
import { answerHealth } from "./answer-health.js";
import { checkRequestOrigin } from "./check-request-origin.js";
import { chooseToolsets } from "./choose-toolsets.js";
import {
  DEFAULT_HTTP_HOST,
  DEFAULT_HTTP_PORT,
  DEFAULT_IDLE_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_TOKEN,
  type HttpServerOptions,
  isLoopbackHost,
} from "./http-options.js";
import { type Authentication, openHttpRegistry, type Principal } from "./http-registry.js";
import { createSessionStore } from "./http-sessions.js";
import { readLimitedBody } from "./read-limited-body.js";
import { readOnlyCatalog } from "./read-only-catalog.js";
import { createSubscriptionBudget } from "./subscription-budget.js";
import { tokenHolderCatalog } from "./token-holder-catalog.js";
import { writeLog } from "./write-log.js";

export type HttpServerHandle = {
  /** Where clients connect, e.g. `http://127.0.0.1:3845/mcp`. */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly catalog: Catalog;
  /** Sessions held now. */
  sessionCount(): number;
  /** Stops listening, closes every session and their streams, then the catalog if the server made it. */
  close(): Promise<void>;
};

export type HttpServerStart = { ok: true; server: HttpServerHandle } | ToolFailure;

const MCP_PATH = "/mcp";
const SESSION_HEADER = "mcp-session-id";
/**
 * How often the server looks whether another process changed the registry
 * (SQLite's data_version, no disk read). A token revoked by
 * `openspec-agent tokens revoke` loses its sessions and open streams within
 * this time; its next request is refused at once, as every request is checked.
 */
const REVOCATION_CHECK_MS = 500;

const TOOLSETS_HEADER = "x-openspec-toolsets";

/**
 * Serves the catalog over MCP's Streamable HTTP transport at `/mcp` (POST for
 * requests, GET for the SSE stream, DELETE to end a session), with
 * `GET /healthz`. Every request passes, in this order: DNS-rebinding
 * protection (403), the bearer token (401; checked again on every request, so
 * a revoked token is refused at once), the body limit (413), then its session.
 */
export async function startHttpServer(options: HttpServerOptions = {}): Promise<HttpServerStart> {
  const host = options.host ?? DEFAULT_HTTP_HOST;
  const port = options.port ?? DEFAULT_HTTP_PORT;
  const log = options.log ?? writeLog;
  const loopback = isLoopbackHost(host);
  if (options.noAuth === true && !loopback) {
    return toolFailure(
      "invalid_setting",
      `--no-auth is refused on ${host}: without tokens, anyone who can reach that address could change every registered repository.`,
      "Bind to 127.0.0.1 for --no-auth, or create a token (openspec-agent tokens create --name <name>) and drop --no-auth.",
    );
  }
  const allowedHosts = new Set(
    [
      ...(loopback ? ["localhost", "127.0.0.1", "[::1]", host] : []),
      ...(options.allowedHosts ?? []),
    ].map((name) => name.toLowerCase()),
  );
  if (!loopback && allowedHosts.size === 0) {
    log(
      `Host headers are not checked on ${host}; pass --allowed-host <name> for the names clients use`,
    );
  }
  // Without a setting, sessions get the catalog as given (every tool).
  const serverToolsets =
    options.toolsets === undefined
      ? { ok: true as const, toolsets: undefined }
      : chooseToolsets(options.toolsets);
  if (!serverToolsets.ok) return serverToolsets;
  const catalogOptions = options.catalogOptions ?? {};
  const ownsCatalog = options.catalog === undefined;
  const catalog = options.catalog ?? createCatalog(catalogOptions);
  const registry = openHttpRegistry(catalogOptions);
  const allowAnyWorkdir = options.allowAnyWorkdir === true;
  const tokenView = tokenHolderCatalog(catalog, allowAnyWorkdir);
  const readOnlyTokenView = readOnlyCatalog(tokenView);
  const catalogFor = (principal: Principal) =>
    principal.tokenId === null ? catalog : principal.readOnly ? readOnlyTokenView : tokenView;
  const sessions = createSessionStore({
    catalogFor,
    availabilityCheckMs: options.availabilityCheckMs,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    log,
    subscriptions: {
      perSession: options.maxSubscriptionsPerSession,
      budget: createSubscriptionBudget(options.maxSubscriptions),
    },
  });
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const maxSessionsPerToken = options.maxSessionsPerToken ?? DEFAULT_MAX_SESSIONS_PER_TOKEN;
  const closeRevokedSessions = (): void => {
    const active = registry.tokenIdsIfChanged();
    if (active === undefined) return;
    const revoked = new Set([...sessions.tokenIds()].filter((id) => !active.has(id)));
    if (revoked.size > 0) void sessions.closeTokens(revoked, "its token was revoked");
  };
  const revocationCheck = setInterval(closeRevokedSessions, REVOCATION_CHECK_MS);
  revocationCheck.unref();
  const authenticate = (request: IncomingMessage): Authentication =>
    options.noAuth === true
      ? { ok: true, principal: { tokenId: null, name: "no-auth", readOnly: false } }
      : registry.authenticate(request.headers.authorization);

  const handleMcp = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const refused = checkRequestOrigin(request, allowedHosts);
    if (refused !== undefined) return answerError(response, 403, `Forbidden: ${refused}.`);
    const auth = authenticate(request);
    if (!auth.ok) {
      // A session's token refused: look now rather than at the next check, so its stream ends too.
      if (request.headers[SESSION_HEADER] !== undefined) closeRevokedSessions();
      return answerError(response, auth.status, auth.error, -32000, {
        "www-authenticate":
          auth.credentials === "missing"
            ? 'Bearer realm="openspec"'
            : 'Bearer realm="openspec", error="invalid_token"',
      });
    }
    let body: unknown;
    if (request.method === "POST") {
      const read = await readLimitedBody(request, maxBodyBytes);
      if (!read.ok) {
        if (read.reason === "too_large") {
          // The rest of the body is never read: the connection ends with the answer.
          response.setHeader("connection", "close");
          response.once("finish", () => request.socket.destroy());
          return answerError(
            response,
            413,
            `The request body is larger than ${maxBodyBytes} bytes.`,
          );
        }
        return;
      }
      try {
        body = JSON.parse(read.body);
      } catch {
        return answerError(response, 400, "Parse error: the body is not JSON.", -32700);
      }
    }
    const sessionId = request.headers[SESSION_HEADER];
    if (typeof sessionId === "string") {
      const session = sessions.get(sessionId);
      if (session === undefined)
        return answerError(response, 404, "Session not found; initialize again.", -32001);
      if (session.principal.tokenId !== auth.principal.tokenId) {
        return answerError(response, 403, "Forbidden: this session belongs to another token.");
      }
      return session.handle(request, response, body);
    }
    if (request.method !== "POST" || !isInitializeRequest(body)) {
      return answerError(
        response,
        400,
        "Bad Request: no session; send an initialize request first.",
      );
    }
    if (
      auth.principal.tokenId !== null &&
      sessions.countFor(auth.principal.tokenId) >= maxSessionsPerToken
    ) {
      return answerError(
        response,
        429,
        `This token holds ${maxSessionsPerToken} sessions already; end one you no longer use (DELETE /mcp with its Mcp-Session-Id), or wait until an idle one expires.`,
      );
    }
    if (sessions.size >= maxSessions) {
      return answerError(
        response,
        503,
        `The server holds ${maxSessions} sessions already; try again later.`,
      );
    }
    // A client picks its toolsets per session with a header, so each user's
    // MCP config chooses; the token still decides what it may do (read-only).
    const header = request.headers[TOOLSETS_HEADER];
    const toolsets = typeof header === "string" ? chooseToolsets(header) : serverToolsets;
    if (!toolsets.ok) {
      return answerError(response, 400, `Bad Request: ${toolsets.error} ${toolsets.fix}`);
    }
    const session = await sessions.open(auth.principal, {
      ...(toolsets.toolsets === undefined ? {} : { toolsets: toolsets.toolsets }),
      ...(options.dynamicToolsets ? { dynamicToolsets: true } : {}),
    });
    await session.handle(request, response, body);
    // An initialize the transport refused left no session behind to close later.
    if (session.id === "") await session.close();
  };

  const http = createHttpServer((request, response) => {
    const path = (request.url ?? "/").split("?")[0];
    const work =
      path === "/healthz" && (request.method === "GET" || request.method === "HEAD")
        ? answerHealth(response, catalog, registry, sessions.size)
        : path === MCP_PATH
          ? handleMcp(request, response)
          : Promise.resolve(
              answerError(response, 404, `Not found; the MCP endpoint is ${MCP_PATH}.`),
            );
    work.catch((error: unknown) => {
      log(
        `request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      if (!response.headersSent) answerError(response, 500, "Internal server error.", -32603);
      else response.destroy();
    });
  });
  // Longer than the idle timeouts of clients and proxies, so they close first and
  // never reuse a connection the server is closing at the same moment.
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;
  // A client that vanishes mid-stream resets its socket; that is its business, not a crash.
  http.on("clientError", (_error, socket) => socket.destroy());

  try {
    http.listen(port, host);
    await once(http, "listening");
  } catch (error) {
    clearInterval(revocationCheck);
    await sessions.closeAll();
    registry.close();
    if (ownsCatalog) catalog.close();
    return toolFailure(
      "io_error",
      `Cannot listen on ${host}:${port}: ${error instanceof Error ? error.message : String(error)}.`,
      "Pick another --port, or stop the process that holds this one.",
    );
  }
  const bound = (http.address() as AddressInfo).port;
  const urlHost = host.includes(":") ? `[${host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    ok: true,
    server: {
      url: `http://${urlHost}:${bound}${MCP_PATH}`,
      host,
      port: bound,
      catalog,
      sessionCount: () => sessions.size,
      close() {
        closing ??= (async () => {
          const stopped = new Promise<void>((resolve) => http.close(() => resolve()));
          clearInterval(revocationCheck);
          await sessions.closeAll();
          http.closeAllConnections();
          await stopped;
          registry.close();
          if (ownsCatalog) catalog.close();
        })();
        return closing;
      },
    },
  };
}

function answerError(
  response: ServerResponse,
  status: number,
  message: string,
  code = -32000,
  extraHeaders: Record<string, string> = {},
): void {
  if (response.headersSent) {
    response.end();
    return;
  }
  response.writeHead(status, { "content-type": "application/json", ...extraHeaders });
  response.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
