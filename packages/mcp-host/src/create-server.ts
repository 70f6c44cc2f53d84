// The low-level server, not McpServer: McpServer checks arguments against the
// tool's zod schema itself and answers a mismatch with a bare text error, and
// the catalog's own `invalid_input` result (issues, fix) would never be seen.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { Protocol } from "@modelcontextprotocol/sdk/shared/protocol.js";
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type Tool,
} from "@modelcontextprotocol/sdk/types.js";
import { type Catalog, type CatalogOptions, createCatalog } from "@org/openspec-core";
import { answerToolCall } from "./answer-tool-call.js";
import { cliWarnings } from "./cli-warnings.js";
import {
  type ClientLog,
  createClientLog,
  loggingCapabilities,
  type ServerLog,
} from "./client-log.js";
import { type GuardedTransport, guardTransport } from "./guard-transport.js";
import { listCatalogTool } from "./list-catalog-tool.js";
import { offerToolsets, TOOLSETS_TOOL, type ToolOffer } from "./offer-toolsets.js";
import { packageVersion } from "./package-version.js";
import { parseToolCall } from "./parse-tool-call.js";
import { promptCapabilities, registerPrompts } from "./register-prompts.js";
import { registerResources } from "./register-resources.js";
import { serverInstructions } from "./server-instructions.js";
import type { SubscriptionBudget } from "./subscription-budget.js";
import { syncToolAvailability } from "./sync-tool-availability.js";
import { toCallToolResult } from "./to-call-tool-result.js";
import { trackToolCall } from "./track-tool-call.js";
import { validatorOnFirstUse } from "./validator-on-first-use.js";
import { writeLog } from "./write-log.js";

/** The catalog to serve: one the caller owns, or settings for one the server makes and closes. */
export type CatalogSource =
  | { catalog: Catalog; catalogOptions?: never }
  | { catalog?: never; catalogOptions?: CatalogOptions };

export type CreateServerOptions = CatalogSource &
  ToolOffer & {
    /** How often to look for the OpenSpec CLI appearing or disappearing; default 2000 ms. */
    availabilityCheckMs?: number;
    /** Where diagnostics go; default stderr. */
    log?: (message: string) => void;
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

const DEFAULT_AVAILABILITY_CHECK_MS = 2000;

/**
 * An MCP server that offers the catalog's tools. The tools that need the
 * OpenSpec CLI are listed only while a CLI is found; the server keeps looking
 * and sends `notifications/tools/list_changed` when that changes.
 */
export async function createServer(options: CreateServerOptions = {}): Promise<OpenSpecMcpServer> {
  const ownsCatalog = options.catalog === undefined;
  // The catalog's notices (an unusable warm pool) reach the client too, once it is connected.
  let clientLog: ClientLog | undefined;
  const catalogLog = options.catalogOptions?.log ?? options.log ?? writeLog;
  const shared =
    options.catalog ??
    createCatalog({
      ...options.catalogOptions,
      log: (line) => {
        catalogLog(line);
        clientLog?.notify("warning", line);
      },
    });
  // The toolsets (and --read-only) narrow what this server lists and runs.
  const offer = offerToolsets(shared, options);
  const catalog = offer.catalog;
  const mcp = new Server(
    { name: "openspec", version: packageVersion },
    {
      instructions: serverInstructions(new Set(catalog.tools.map((tool) => tool.name))),
      capabilities: { tools: { listChanged: true }, ...promptCapabilities, ...loggingCapabilities },
      jsonSchemaValidator: validatorOnFirstUse(),
    },
  );
  // Every transport, whoever connects it, goes through the guard (see guard-transport.ts).
  let connection: GuardedTransport | undefined;
  const connect = mcp.connect.bind(mcp);
  mcp.connect = (transport) => {
    connection = guardTransport(transport);
    return connect(connection);
  };
  clientLog = createClientLog(mcp, options.log ?? writeLog);
  const { log: serverLog, forRequest: requestLog } = clientLog;
  // All tools to begin with, so the first check below logs a change only when the CLI is missing.
  const offered = new Set(catalog.tools.map((tool) => tool.name));
  const listed = new Map<string, Tool>();
  mcp.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [
      ...catalog.tools
        .filter((tool) => offered.has(tool.name))
        .map((tool) => {
          const known =
            listed.get(tool.name) ??
            listCatalogTool(tool, { outputSchema: options.outputSchemas !== false });
          listed.set(tool.name, known);
          return known;
        }),
      ...(offer.tool === undefined ? [] : [offer.tool]),
    ],
  }));
  // Every call reaches the catalog, offered or not: a tool that needs the
  // missing CLI, or a name that does not exist, gets the catalog's own failure.
  // The call's CLI stages (debug) and the CLI's warnings (warning) reach the
  // client as log messages on the call's own stream, before its answer.
  // Registered with only the method checked, and through the Protocol's own registration:
  // the Server's, for tools/call, checks the request before the handler and answers a
  // mismatch (arguments that are a string) with zod's whole issue list; here parseToolCall
  // answers -32602 with one sentence. The result check that registration adds is not
  // missed: every answer is built by toCallToolResult.
  registerRequestHandler(
    mcp,
    CallToolRequestSchema.pick({ method: true }).loose(),
    async (raw, extra) => {
      const { name, arguments: args, _meta } = parseToolCall(raw).params;
      if (offer.tool !== undefined && name === TOOLSETS_TOOL) {
        const answer = offer.answer(args);
        // The enabled toolset's tools join the list, and the client is told.
        // A check already under way may have read the list before the enable; the second sees it.
        if (answer.ok && "enabled" in answer) await checkAvailability().then(checkAvailability);
        return toCallToolResult(answer);
      }
      const callLog = requestLog((notification) => extra.sendNotification(notification));
      const tracked = trackToolCall(name, _meta?.progressToken, extra, (message) => {
        void callLog("debug", message);
      });
      try {
        const result = await answerToolCall(
          catalog,
          name,
          args,
          (line) => serverLog("error", line),
          tracked.call,
        );
        for (const warning of cliWarnings(result.structuredContent)) {
          await callLog("warning", `${name}: ${warning}`);
        }
        return result;
      } finally {
        tracked.end();
      }
    },
  );
  // Prompts and resources are surfaces of their own: they read through the catalog as the
  // client may (a read-only token's view), whichever toolsets list the tools, so a server
  // offering only the default toolsets still lists and completes every source.
  registerPrompts(mcp, shared);
  const resources = registerResources(mcp, shared, (line) => serverLog("warning", line), {
    ...(options.maxSubscriptions === undefined
      ? {}
      : { maxSubscriptions: options.maxSubscriptions }),
    ...(options.subscriptionBudget === undefined ? {} : { budget: options.subscriptionBudget }),
    ...(options.tokenSubscriptionBudget === undefined
      ? {}
      : { tokenBudget: options.tokenSubscriptionBudget }),
  });

  let running: Promise<boolean> | undefined;
  const checkAvailability = (): Promise<boolean> => {
    running ??= syncToolAvailability(catalog, offered, mcp)
      .then(async (changed) => {
        if (changed) serverLog("info", await describeOffer(catalog));
        return changed;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  // The first list a client asks for must already be right.
  await checkAvailability();
  const timer = setInterval(() => {
    checkAvailability().catch((error: unknown) =>
      serverLog("warning", `availability check failed: ${String(error)}`),
    );
  }, options.availabilityCheckMs ?? DEFAULT_AVAILABILITY_CHECK_MS);
  timer.unref();

  let closed = false;
  return {
    mcp,
    catalog,
    log: serverLog,
    settled: () => connection?.settled() ?? Promise.resolve(),
    checkAvailability,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      resources.close();
      await mcp.close();
      if (ownsCatalog) shared.close();
    },
  };
}

/** One line for the log, so a user reading the client's server log learns why tools came or went. */
async function describeOffer(catalog: Catalog): Promise<string> {
  const cli = await catalog.cliStatus();
  const offered = (await catalog.available()).length;
  return cli.ok
    ? `OpenSpec CLI found at ${cli.path}: offering all ${offered} tools`
    : `offering the ${offered} tools that need no OpenSpec CLI: ${cli.error}`;
}

/** `Protocol.setRequestHandler` for `server`, without the checks `Server` wraps around tools/call. */
function registerRequestHandler(
  server: Server,
  ...args: Parameters<Server["setRequestHandler"]>
): void {
  Protocol.prototype.setRequestHandler.apply(server, args as never);
}
