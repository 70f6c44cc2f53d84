import type { Server } from "@modelcontextprotocol/server";
import type { Catalog } from "@org/openspec-core";
import { buildServer } from "./build-server.js";
import type { ServerLog } from "./client-log.js";
import { type CatalogSource, createMcpHost, type McpHostOptions } from "./create-host.js";
import { type GuardedTransport, guardTransport } from "./guard-transport.js";
import type { SubscriptionBudget } from "./subscription-budget.js";

export type { CatalogSource };

export type CreateServerOptions = McpHostOptions & {
  /** Resource subscriptions this server's client may hold; default 100. */
  maxSubscriptions?: number;
  /** The count of subscriptions shared by the sessions of one HTTP server; default one of its own (2,000). */
  subscriptionBudget?: SubscriptionBudget;
  /** The count shared by the sessions of one token (its share of `subscriptionBudget`); default none. */
  tokenSubscriptionBudget?: SubscriptionBudget;
};

export type OpenSpecMcpServer = {
  /** The SDK's low-level server, not yet connected: call `mcp.connect(transport)`. */
  readonly mcp: Server;
  readonly catalog: Catalog;
  /**
   * Logs one event: to `log` (stderr) always, and to the client as
   * `notifications/message` when it is at least the level the client set.
   */
  log: ServerLog;
  /**
   * Resolves once every request received so far has been answered (or
   * cancelled by the client): a stdio server whose stdin closed waits for it.
   */
  settled(): Promise<void>;
  /** Looks for the CLI now; true when the tool list changed (the client has been told). */
  checkAvailability(): Promise<boolean>;
  /** Stops the availability check, closes the connection, and closes the catalog if the server made it. */
  close(): Promise<void>;
};

/**
 * An MCP server for one client of the 2025 revisions (which initialize):
 * a host of its own and one server built on it. The tools that need the
 * OpenSpec CLI are listed only while a CLI is found; the server keeps looking
 * and sends `notifications/tools/list_changed` when that changes.
 */
export async function createServer(options: CreateServerOptions = {}): Promise<OpenSpecMcpServer> {
  const host = await createMcpHost(options);
  const server = buildServer(host, {
    era: "legacy",
    subscriptions: {
      ...(options.maxSubscriptions === undefined ? {} : { max: options.maxSubscriptions }),
      ...(options.subscriptionBudget === undefined ? {} : { budget: options.subscriptionBudget }),
      ...(options.tokenSubscriptionBudget === undefined
        ? {}
        : { tokenBudget: options.tokenSubscriptionBudget }),
    },
  });
  const { mcp } = server;
  // Every transport, whoever connects it, goes through the guard (see guard-transport.ts).
  let connection: GuardedTransport | undefined;
  const connect = mcp.connect.bind(mcp);
  mcp.connect = (transport) => {
    connection = guardTransport(transport);
    return connect(connection);
  };
  // Events of the whole host (the offer changing, the catalog's notices) reach this client
  // through the server's listener; the host's own log writes them to stderr once.
  return {
    mcp,
    catalog: host.catalog,
    log: server.log,
    settled: () => connection?.settled() ?? Promise.resolve(),
    checkAvailability: () => host.checkAvailability(),
    async close() {
      await server.close();
      await host.close();
    },
  };
}
