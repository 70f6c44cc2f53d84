import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { NodeStreamableHTTPServerTransport } from "@modelcontextprotocol/node";
import type { Catalog } from "@org/openspec-core";
import { createServer, type OpenSpecMcpServer } from "./create-server.js";
import type { Principal } from "./http-registry.js";
import type { ToolOffer } from "./offer-toolsets.js";
import { createSessionEventStore } from "./session-event-store.js";
import type { SubscriptionBudget } from "./subscription-budget.js";
import { withCaller } from "./with-caller.js";

/** One MCP session: its own server and transport over the shared catalog. */
export type HttpSession = {
  readonly id: string;
  readonly principal: Principal;
  handle(request: IncomingMessage, response: ServerResponse, body?: unknown): Promise<void>;
  close(): Promise<void>;
};

export type SessionSettings = {
  /** The catalog a principal's session serves: read-only and HTTP views are made by the caller. */
  catalogFor: (principal: Principal) => Catalog;
  availabilityCheckMs: number | undefined;
  idleTimeoutMs: number;
  log: (message: string) => void;
  /**
   * This server's name among replicas: each session id starts with it
   * (`<name>.<uuid>`), so a proxy sends a session's requests to the replica
   * that holds it. Without it, a bare UUID.
   */
  replicaName?: string | undefined;
  /**
   * Resource subscriptions per session, the count shared by every session,
   * and the count each token's sessions share (`budgetOf(tokenId)`).
   */
  subscriptions: {
    perSession: number | undefined;
    budget: SubscriptionBudget;
    budgetOf: (tokenId: number) => SubscriptionBudget;
  };
};

/** How long a client waits before reconnecting a dropped SSE stream (SSE `retry:`). */
export const SSE_RETRY_MS = 2000;

/**
 * The sessions the HTTP server holds. Each has its own MCP `Server`, so
 * `list_changed` and every other notification reach that session only, and
 * its own bounded event store, so a client resumes a dropped stream with
 * `Last-Event-ID`. A session is closed after `idleTimeoutMs` without a client
 * request: a POST in flight counts, an open GET stream does not (it would
 * otherwise hold the session, and a slot of its token, forever).
 */
export function createSessionStore(settings: SessionSettings) {
  const sessions = new Map<string, HttpSession>();
  /** Requests in flight per session, GET streams left out. */
  const busy = new Map<string, number>();
  /** GET streams open per session. */
  const streams = new Map<string, number>();
  /** When each session last heard from its client; kept in that order, least recent first. */
  const lastRequest = new Map<string, number>();
  /** Sessions being opened, per token: they count against its cap before they have an id. */
  const opening = new Map<number | null, number>();

  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - settings.idleTimeoutMs;
      for (const [id, session] of sessions) {
        if ((busy.get(id) ?? 0) === 0 && (lastRequest.get(id) ?? 0) < cutoff) {
          settings.log(`closing idle session ${id}`);
          void session.close();
        }
      }
    },
    Math.max(50, Math.min(60_000, settings.idleTimeoutMs / 4)),
  );
  sweep.unref();

  const forget = (id: string): void => {
    sessions.delete(id);
    busy.delete(id);
    streams.delete(id);
    lastRequest.delete(id);
  };
  const touch = (id: string): void => {
    lastRequest.delete(id);
    lastRequest.set(id, Date.now());
  };
  const add = (counts: Map<string, number>, id: string, by: number): void => {
    counts.set(id, Math.max(0, (counts.get(id) ?? 0) + by));
  };
  const countOpening = (tokenId: number | null, by: number): void => {
    const count = (opening.get(tokenId) ?? 0) + by;
    if (count > 0) opening.set(tokenId, count);
    else opening.delete(tokenId);
  };

  return {
    get size(): number {
      return sessions.size;
    },
    get(id: string): HttpSession | undefined {
      return sessions.get(id);
    },
    /** Sessions of this token, held or being opened. */
    countFor(tokenId: number | null): number {
      let count = opening.get(tokenId) ?? 0;
      for (const session of sessions.values())
        if (session.principal.tokenId === tokenId) count += 1;
      return count;
    },
    /** Token ids that hold a session now. */
    tokenIds(): Set<number> {
      const ids = new Set<number>();
      for (const session of sessions.values()) {
        if (session.principal.tokenId !== null) ids.add(session.principal.tokenId);
      }
      return ids;
    },
    /**
     * Closes the session of this token that has gone longest without a
     * request, if it has no request running and no stream open: a client that
     * went away without `DELETE` (the MCP SDK's own 2025 client, LangChain's
     * adapters and mcp-remote all close that way) leaves such a session, and
     * without this its token could open no new one until the idle timeout.
     * False when every session of the token is in use.
     */
    async closeUnusedOf(tokenId: number): Promise<boolean> {
      for (const id of lastRequest.keys()) {
        const session = sessions.get(id);
        if (session?.principal.tokenId !== tokenId) continue;
        if ((busy.get(id) ?? 0) > 0 || (streams.get(id) ?? 0) > 0) continue;
        settings.log(
          `closing session ${id}: its token needs room, and it has no request or stream open`,
        );
        await session.close();
        return true;
      }
      return false;
    },
    /** Closes every session of these tokens, with their open streams. */
    async closeTokens(tokenIds: ReadonlySet<number>, reason: string): Promise<void> {
      const closing = [...sessions.values()].filter(
        (session) => session.principal.tokenId !== null && tokenIds.has(session.principal.tokenId),
      );
      for (const session of closing) settings.log(`closing session ${session.id}: ${reason}`);
      await Promise.allSettled(closing.map((session) => session.close()));
    },
    /** Makes a session whose transport answers the initialize request in `body`. */
    async open(principal: Principal, offer: ToolOffer = {}): Promise<HttpSession> {
      let server: OpenSpecMcpServer | undefined;
      let closed = false;
      let counted = true;
      countOpening(principal.tokenId, 1);
      const settle = (): void => {
        if (counted) countOpening(principal.tokenId, -1);
        counted = false;
      };
      const transport = new NodeStreamableHTTPServerTransport({
        sessionIdGenerator: () =>
          settings.replicaName === undefined
            ? randomUUID()
            : `${settings.replicaName}.${randomUUID()}`,
        eventStore: createSessionEventStore(),
        retryInterval: SSE_RETRY_MS,
        onsessioninitialized: (id) => {
          settle();
          sessions.set(id, session);
          touch(id);
        },
      });
      const close = async (): Promise<void> => {
        if (closed) return;
        closed = true;
        settle();
        if (transport.sessionId !== undefined) forget(transport.sessionId);
        await server?.close();
      };
      const session: HttpSession = {
        get id() {
          return transport.sessionId ?? "";
        },
        principal,
        async handle(request, response, body) {
          const id = transport.sessionId;
          // An open GET stream is not activity: only what the client sends is.
          const counts = request.method !== "GET";
          const held = counts ? busy : streams;
          if (id !== undefined) {
            touch(id);
            add(held, id, 1);
          }
          response.once("close", () => {
            const current = transport.sessionId;
            if (current === undefined || !sessions.has(current)) return;
            if (id !== undefined) add(held, current, -1);
            if (counts) touch(current);
          });
          await transport.handleRequest(request, response, body);
        },
        close,
      };
      transport.onclose = () => {
        void close();
      };
      try {
        server = await createServer({
          // A token's sessions take one turn together in the CLI's queue; without tokens, each session its own.
          catalog: withCaller(
            settings.catalogFor(principal),
            principal.tokenId === null ? `session:${randomUUID()}` : `token:${principal.tokenId}`,
          ),
          ...offer,
          log: settings.log,
          subscriptionBudget: settings.subscriptions.budget,
          ...(principal.tokenId === null
            ? {}
            : { tokenSubscriptionBudget: settings.subscriptions.budgetOf(principal.tokenId) }),
          ...(settings.subscriptions.perSession === undefined
            ? {}
            : { maxSubscriptions: settings.subscriptions.perSession }),
          ...(settings.availabilityCheckMs === undefined
            ? {}
            : { availabilityCheckMs: settings.availabilityCheckMs }),
        });
        server.mcp.onerror = (error) => settings.log(`session protocol error: ${error.message}`);
        await server.mcp.connect(transport);
      } catch (error) {
        await close();
        throw error;
      }
      return session;
    },
    async closeAll(): Promise<void> {
      clearInterval(sweep);
      await Promise.allSettled([...sessions.values()].map((session) => session.close()));
    },
  };
}
