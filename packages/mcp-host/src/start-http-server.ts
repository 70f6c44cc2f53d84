import { once } from "node:events";
import { createServer as createHttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { homedir } from "node:os";
import { getRequestListener } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import { createMcpHandler, isInitializeRequest } from "@modelcontextprotocol/server";
import { type Catalog, createCatalog, type ToolFailure, toolFailure } from "@org/openspec-core";
import { type Context, Hono } from "hono";
import { admitListenRequests } from "./admit-listen-requests.js";
import { answerHealth } from "./answer-health.js";
import { checkReplicaName } from "./check-replica-name.js";
import { chooseToolsets } from "./choose-toolsets.js";
import { guardOrigin } from "./guard-origin.js";
import type { HttpEnv } from "./http-env.js";
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
import { openHttpRegistry, type Principal } from "./http-registry.js";
import { createSessionStore } from "./http-sessions.js";
import { isModernRequest } from "./is-modern-request.js";
import { jsonRpcError } from "./json-rpc-error.js";
import { modernHosts } from "./modern-hosts.js";
import { buildModernServer } from "./modern-request.js";
import { modernSubscriptions } from "./modern-subscriptions.js";
import { readJsonBody } from "./read-json-body.js";
import { readOnlyCatalog } from "./read-only-catalog.js";
import { requireToken } from "./require-token.js";
import { serveModernRequests } from "./serve-modern-requests.js";
import {
  createSubscriptionBudget,
  DEFAULT_SUBSCRIPTIONS_PER_SESSION,
  DEFAULT_SUBSCRIPTIONS_PER_TOKEN,
} from "./subscription-budget.js";
import { subscriptionShareOf } from "./subscription-share-of.js";
import { tokenHolderCatalog } from "./token-holder-catalog.js";
import { watchRevokedTokens } from "./watch-revoked-tokens.js";
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
  const badReplicaName = checkReplicaName(options.replicaName);
  if (badReplicaName !== undefined) return badReplicaName;
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
  // A team server (tokens) reaches the host's OpenSpec stores only for the sources its operator
  // names; one without tokens listens on loopback only, for the user's own machine, like stdio.
  const catalogOptions = {
    defaultAllowStores: options.noAuth === true ? ("all" as const) : ("none" as const),
    ...options.catalogOptions,
  };
  const ownsCatalog = options.catalog === undefined;
  const catalog = options.catalog ?? createCatalog(catalogOptions);
  const registry = openHttpRegistry(catalogOptions);
  const allowAnyWorkdir = options.allowAnyWorkdir === true;
  const tokenView = tokenHolderCatalog(catalog, allowAnyWorkdir, {
    env: catalogOptions.env ?? process.env,
    home: catalogOptions.home ?? homedir(),
    registryPath: catalogOptions.registryPath,
  });
  const readOnlyTokenView = readOnlyCatalog(tokenView);
  const catalogFor = (principal: Principal) =>
    principal.tokenId === null ? catalog : principal.readOnly ? readOnlyTokenView : tokenView;
  // One count of followed resources for the server and one per token, shared by the 2025
  // sessions' subscriptions and the 2026-07-28 listen streams, so the caps hold across both.
  const subscriptionBudget = createSubscriptionBudget(options.maxSubscriptions);
  const subscriptionShare = subscriptionShareOf(
    options.maxSubscriptionsPerToken ?? DEFAULT_SUBSCRIPTIONS_PER_TOKEN,
  );
  const sessions = createSessionStore({
    catalogFor,
    availabilityCheckMs: options.availabilityCheckMs,
    idleTimeoutMs: options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS,
    log,
    replicaName: options.replicaName,
    subscriptions: {
      perSession: options.maxSubscriptionsPerSession,
      budget: subscriptionBudget,
      budgetOf: subscriptionShare,
    },
  });
  // 2026-07-28 requests: no session, a server per request, on a host per token view and toolsets.
  const modernHostsOf = modernHosts({
    catalogFor,
    log,
    ...(options.dynamicToolsets ? { dynamicToolsets: true } : {}),
    ...(options.outputSchemas === false ? { outputSchemas: false } : {}),
    ...(options.availabilityCheckMs === undefined
      ? {}
      : { availabilityCheckMs: options.availabilityCheckMs }),
    // The CLI coming or going changes every host's tools: the listen streams hear of it once.
    made: (host) => {
      const seen = async () => listens.cliSeen((await host.shared.cliStatus()).ok);
      host.listen({ toolsChanged: seen, notice: () => {} });
      void seen();
    },
  });
  const modern = createMcpHandler(buildModernServer, {
    legacy: "reject",
    maxSubscriptions: options.maxSessions ?? DEFAULT_MAX_SESSIONS,
    onerror: (error) => log(`2026-07-28 request: ${error.message}`),
  });
  const listens = modernSubscriptions(
    options.noAuth === true ? catalog : tokenView,
    modern.notify,
    (line) => log(line),
  );
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const maxSessionsPerToken = options.maxSessionsPerToken ?? DEFAULT_MAX_SESSIONS_PER_TOKEN;
  const modernRequests = serveModernRequests({
    serverToolsets,
    hosts: modernHostsOf,
    handler: modern,
    admit: admitListenRequests(
      catalogFor,
      {
        perStream: options.maxSubscriptionsPerSession ?? DEFAULT_SUBSCRIPTIONS_PER_SESSION,
        budget: subscriptionBudget,
        tokenShare: subscriptionShare,
        streamsPerToken: maxSessionsPerToken,
      },
      listens,
    ),
  });
  const revocations = watchRevokedTokens(
    registry,
    () => new Set([...sessions.tokenIds(), ...modernRequests.tokenIds()]),
    (revoked) => {
      void sessions.closeTokens(revoked, "its token was revoked");
      modernRequests.stopTokens(revoked);
    },
    log,
  );

  const handleMcp = async (c: Context<HttpEnv>): Promise<Response> => {
    const principal = c.get("principal");
    let body: unknown;
    const { incoming, outgoing } = c.env;
    if (c.req.method === "POST") {
      const read = await readJsonBody(c, maxBodyBytes);
      if (!read.ok) return read.answer;
      body = read.body;
    }
    const sessionId = c.req.header(SESSION_HEADER);
    if (
      sessionId === undefined &&
      isModernRequest(c.req.method, (name) => c.req.header(name), body)
    ) {
      return modernRequests.serve(c, principal, body);
    }
    if (sessionId !== undefined) {
      const session = sessions.get(sessionId);
      if (session === undefined)
        return jsonRpcError(c, 404, "Session not found; initialize again.", -32001);
      if (session.principal.tokenId !== principal.tokenId) {
        return jsonRpcError(c, 403, "Forbidden: this session belongs to another token.");
      }
      await session.handle(incoming, outgoing, body);
      return RESPONSE_ALREADY_SENT;
    }
    // No stream without a session: 2026-07-28 clients listen with a POST (subscriptions/listen),
    // and a GET stream belongs to a 2025 session, which names itself.
    if (c.req.method === "GET") {
      return jsonRpcError(
        c,
        405,
        "Method Not Allowed: without an Mcp-Session-Id there is no GET stream; send subscriptions/listen in a POST.",
        -32000,
        { allow: "POST" },
      );
    }
    if (c.req.method !== "POST" || !isInitializeRequest(body)) {
      return jsonRpcError(c, 400, "Bad Request: no session; send an initialize request first.");
    }
    // At its cap, a token's session that nobody uses any more gives way; one in use never does.
    if (
      principal.tokenId !== null &&
      sessions.countFor(principal.tokenId) >= maxSessionsPerToken &&
      !(await sessions.closeUnusedOf(principal.tokenId))
    ) {
      return jsonRpcError(
        c,
        429,
        `This token holds ${maxSessionsPerToken} sessions already, each with a request or stream open; end one you no longer use (DELETE /mcp with its Mcp-Session-Id), or wait until an idle one expires.`,
      );
    }
    if (sessions.size >= maxSessions) {
      return jsonRpcError(
        c,
        503,
        `The server holds ${maxSessions} sessions already; try again later.`,
      );
    }
    // A client picks its toolsets per session with a header, so each user's
    // MCP config chooses; the token still decides what it may do (read-only).
    const header = c.req.header(TOOLSETS_HEADER);
    const toolsets = header !== undefined ? chooseToolsets(header) : serverToolsets;
    if (!toolsets.ok) {
      return jsonRpcError(c, 400, `Bad Request: ${toolsets.error} ${toolsets.fix}`);
    }
    const session = await sessions.open(principal, {
      ...(toolsets.toolsets === undefined ? {} : { toolsets: toolsets.toolsets }),
      ...(options.dynamicToolsets ? { dynamicToolsets: true } : {}),
      ...(options.outputSchemas === false ? { outputSchemas: false } : {}),
    });
    await session.handle(incoming, outgoing, body);
    // An initialize the transport refused left no session behind to close later.
    if (session.id === "") await session.close();
    return RESPONSE_ALREADY_SENT;
  };

  const app = new Hono<HttpEnv>();
  app.on(["GET", "HEAD"], "/healthz", async (c) => {
    await answerHealth(c.env.outgoing, catalog, registry, sessions.size);
    return RESPONSE_ALREADY_SENT;
  });
  app.all(
    MCP_PATH,
    guardOrigin(allowedHosts),
    requireToken({
      noAuth: options.noAuth === true,
      registry,
      lookNow: () => revocations.lookNow(),
    }),
    handleMcp,
  );
  app.notFound((c) => jsonRpcError(c, 404, `Not found; the MCP endpoint is ${MCP_PATH}.`));
  app.onError((error, c) => {
    log(
      `request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    if (c.env.outgoing.headersSent) {
      c.env.outgoing.destroy();
      return RESPONSE_ALREADY_SENT;
    }
    return jsonRpcError(c, 500, "Internal server error.", -32603);
  });

  // Hono's global Request and Response stay Node's own: the MCP SDK's transport relies on them.
  const http = createHttpServer(getRequestListener(app.fetch, { overrideGlobalObjects: false }));
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
    await revocations.stop();
    await sessions.closeAll();
    await modern.close();
    await registry.close();
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
          await revocations.stop();
          await sessions.closeAll();
          await modern.close();
          listens.close();
          http.closeAllConnections();
          await stopped;
          await modernHostsOf.closeAll();
          await registry.close();
          if (ownsCatalog) catalog.close();
        })();
        return closing;
      },
    },
  };
}
