import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { Catalog } from "@org/openspec-core";
import { createServer, type OpenSpecMcpServer } from "./create-server.js";
import type { Principal } from "./http-registry.js";
import type { ToolOffer } from "./offer-toolsets.js";
import { readOnlyCatalog } from "./read-only-catalog.js";

/** One MCP session: its own server and transport over the shared catalog. */
export type HttpSession = {
  readonly id: string;
  readonly principal: Principal;
  handle(request: IncomingMessage, response: ServerResponse, body?: unknown): Promise<void>;
  close(): Promise<void>;
};

export type SessionSettings = {
  catalog: Catalog;
  availabilityCheckMs: number | undefined;
  idleTimeoutMs: number;
  log: (message: string) => void;
};

/**
 * The sessions the HTTP server holds. Each has its own MCP `Server`, so
 * `list_changed` and every other notification reach that session only; a
 * read-only token's session sees a read-only view of the catalog. A session
 * with no request in flight and no open stream for `idleTimeoutMs` is closed.
 */
export function createSessionStore(settings: SessionSettings) {
  const sessions = new Map<string, HttpSession>();
  const busy = new Map<string, number>();
  const lastSeen = new Map<string, number>();

  const sweep = setInterval(
    () => {
      const cutoff = Date.now() - settings.idleTimeoutMs;
      for (const [id, session] of sessions) {
        if ((busy.get(id) ?? 0) === 0 && (lastSeen.get(id) ?? 0) < cutoff) {
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
    lastSeen.delete(id);
  };

  return {
    get size(): number {
      return sessions.size;
    },
    get(id: string): HttpSession | undefined {
      return sessions.get(id);
    },
    /** Makes a session whose transport answers the initialize request in `body`. */
    async open(principal: Principal, offer: ToolOffer = {}): Promise<HttpSession> {
      let server: OpenSpecMcpServer | undefined;
      let closed = false;
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => {
          sessions.set(id, session);
          lastSeen.set(id, Date.now());
        },
      });
      const close = async (): Promise<void> => {
        if (closed) return;
        closed = true;
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
          if (id !== undefined) {
            busy.set(id, (busy.get(id) ?? 0) + 1);
            lastSeen.set(id, Date.now());
          }
          // A GET stream counts as activity for as long as it stays open.
          response.once("close", () => {
            const current = transport.sessionId;
            if (current === undefined) return;
            if (id !== undefined) busy.set(current, Math.max(0, (busy.get(current) ?? 1) - 1));
            lastSeen.set(current, Date.now());
          });
          await transport.handleRequest(request, response, body);
        },
        close,
      };
      transport.onclose = () => {
        void close();
      };
      server = await createServer({
        catalog: principal.readOnly ? readOnlyCatalog(settings.catalog) : settings.catalog,
        ...offer,
        log: settings.log,
        ...(settings.availabilityCheckMs === undefined
          ? {}
          : { availabilityCheckMs: settings.availabilityCheckMs }),
      });
      server.mcp.onerror = (error) => settings.log(`session protocol error: ${error.message}`);
      await server.mcp.connect(transport);
      return session;
    },
    async closeAll(): Promise<void> {
      clearInterval(sweep);
      await Promise.allSettled([...sessions.values()].map((session) => session.close()));
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
