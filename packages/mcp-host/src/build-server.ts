// The low-level server, not McpServer: McpServer checks arguments against the
// tool's zod schema itself and answers a mismatch with a bare text error, and
// the catalog's own `invalid_input` result (issues, fix) would never be seen.
// Its resource registry would also replace the paged resource handlers below.
import {
  type CallToolRequest,
  type JSONRPCRequest,
  type ProtocolEra,
  type Result,
  Server,
  type ServerContext,
  type ServerOptions,
  type Transport,
} from "@modelcontextprotocol/server";
import { answerToolCall } from "./answer-tool-call.js";
import { cliWarnings } from "./cli-warnings.js";
import {
  type ClientLog,
  createClientLog,
  loggingCapabilities,
  type ServerLog,
} from "./client-log.js";
import type { McpHost } from "./create-host.js";
import { packageVersion } from "./package-version.js";
import { anyParams } from "./parse-request.js";
import { parseToolCall } from "./parse-tool-call.js";
import { promptCapabilities, registerPrompts } from "./register-prompts.js";
import { type ResourceRegistration, registerResources } from "./register-resources.js";
import { restoreResourceNotFound } from "./restore-resource-not-found.js";
import { serveSkills } from "./serve-skills.js";
import { serverInstructions } from "./server-instructions.js";
import type { SubscriptionBudget } from "./subscription-budget.js";
import { toCallToolResult } from "./to-call-tool-result.js";
import { trackToolCall } from "./track-tool-call.js";
import { withCaller } from "./with-caller.js";

export type BuildServerOptions = {
  /**
   * The protocol era the server answers: `legacy` (2025 revisions, after
   * `initialize`: one server per connection or session) or `modern`
   * (2026-07-28: no handshake, one server per HTTP request or stdio
   * connection). Only `legacy` offers `logging` (`logging/setLevel`,
   * `notifications/message`) and `resources/subscribe`: the 2026-07-28
   * revision deprecated the one and removed the other.
   */
  era: ProtocolEra;
  /**
   * The name its calls take turns by in the CLI's queue (`token:<id>`), when
   * the host serves several clients; default the host catalog's own.
   */
  caller?: string;
  /** Resource subscriptions of a legacy server's client: its own cap, and the counts it shares. */
  subscriptions?: {
    /** Subscriptions this server's client may hold; default 100. */
    max?: number;
    /** The count shared by the servers of one HTTP server; default one of its own (2,000). */
    budget?: SubscriptionBudget;
    /** The count shared by the servers of one token's sessions; default none. */
    tokenBudget?: SubscriptionBudget;
  };
};

export type BuiltServer = {
  /** The SDK's low-level server, not yet connected. */
  readonly mcp: Server;
  /** Logs one event: to stderr always, and to this server's client at or above the level it set (legacy). */
  log: ServerLog;
  /** Closes the connection and the server's resource watch (so does `mcp.close()`); twice is harmless. */
  close(): Promise<void>;
};

/**
 * An MCP server answering for the host's catalog: tools, the workflows as
 * prompts and as skills, the sources' specs and changes as resources. It holds handlers
 * only (the host holds the catalog, the tool list and the availability
 * check), so a server per request costs little. While connected, it tells
 * its client when the host's tool list changes.
 */
export function buildServer(host: McpHost, options: BuildServerOptions): BuiltServer {
  const legacy = options.era === "legacy";
  let clientLog: ClientLog | undefined;
  let resources: ResourceRegistration | undefined;
  const mcp: CatalogServer = new CatalogServer(
    {
      era: options.era,
      attach: (): (() => void) =>
        host.listen({
          toolsChanged: (): Promise<void> => mcp.sendToolListChanged().catch(() => {}),
          notice: (level, message) => clientLog?.notify(level, message),
        }),
      // However the server ends (its connection closed, or closed by whoever served it), its watch goes too.
      closed: () => resources?.close(),
    },
    { name: "openspec", version: packageVersion },
    {
      // The host's offered view: the instructions name only tools its clients are offered.
      instructions: serverInstructions(new Set(host.catalog.tools.map((tool) => tool.name))),
      capabilities: {
        tools: { listChanged: true },
        ...promptCapabilities,
        ...(legacy ? loggingCapabilities : {}),
      },
    },
  );
  clientLog = legacy ? createClientLog(mcp, host.writeLine) : undefined;
  const log: ServerLog = (level, message) => {
    host.writeLine(message);
    clientLog?.notify(level, message);
  };
  const catalog =
    options.caller === undefined ? host.catalog : withCaller(host.catalog, options.caller);

  mcp.setRequestHandler("tools/list", () => ({ tools: host.listTools() }));
  // Every call reaches the catalog, offered or not: a tool that needs the
  // missing CLI, or a name that does not exist, gets the catalog's own failure.
  // The call's CLI stages (debug) and the CLI's warnings (warning) reach a
  // legacy client as log messages on the call's own stream, before its answer.
  // The request was checked by parseToolCall (see CatalogServer).
  mcp.setRequestHandler("tools/call", { params: anyParams }, async (params, ctx) => {
    const { name, arguments: args } = params as CallToolRequest["params"];
    if (host.toolsetsTool !== undefined && name === host.toolsetsTool.name) {
      return toCallToolResult(
        legacy ? await host.answerToolsets(args) : host.describeToolsets(args),
      );
    }
    const callLog = clientLog?.forRequest((notification) => ctx.mcpReq.notify(notification));
    const tracked = trackToolCall(name, ctx.mcpReq._meta?.progressToken, ctx.mcpReq, (message) => {
      void callLog?.("debug", message);
    });
    try {
      const result = await answerToolCall(
        catalog,
        name,
        args,
        (line) => log("error", line),
        tracked.call,
      );
      for (const warning of cliWarnings(result.structuredContent)) {
        await callLog?.("warning", `${name}: ${warning}`);
      }
      return result;
    } finally {
      tracked.end();
    }
  });
  // Prompts and resources are surfaces of their own: they read through the catalog as the
  // client may (a read-only token's view), whichever toolsets list the tools, so a server
  // offering only the default toolsets still lists and completes every source.
  registerPrompts(mcp, host.shared);
  resources = registerResources(mcp, host.shared, (line) => log("warning", line), {
    subscriptions: legacy,
    skills: host.skills,
    listing: host.resourceListing,
    ...(options.subscriptions?.max === undefined
      ? {}
      : { maxSubscriptions: options.subscriptions.max }),
    ...(options.subscriptions?.budget === undefined
      ? {}
      : { budget: options.subscriptions.budget }),
    ...(options.subscriptions?.tokenBudget === undefined
      ? {}
      : { tokenBudget: options.subscriptions.tokenBudget }),
  });

  serveSkills(mcp, host.skills, options.era);

  return { mcp, log, close: () => mcp.close() };
}

type Handler = (request: JSONRPCRequest, ctx: ServerContext) => Promise<Result>;

/** What a `CatalogServer` does around its connection. */
type Lifecycle = {
  era: ProtocolEra;
  /** Starts listening to the host once connected; returns how to stop. */
  attach(): () => void;
  /** The server ended: its resource watch can go. Called once or more. */
  closed(): void;
};

/**
 * The SDK's `Server` with these additions, each at a hook the SDK leaves for it:
 * - a `tools/call` request is checked by `parseToolCall` first, whose
 *   invalid-params error says in one sentence what to send; the SDK's own
 *   check (which still runs, with the result check) answers with zod's whole
 *   issue list;
 * - while connected, it listens to the host, and stops when the connection
 *   closes, so a server that never connects (a stdio probe, a listen
 *   request's) is never told about tool-list changes;
 * - closing it, or its connection closing, releases its resource watch: the
 *   SDK closes a per-request server itself;
 * - a legacy connection answers a missing resource with -32002.
 */
class CatalogServer extends Server {
  readonly #lifecycle: Lifecycle;
  #detach: (() => void) | undefined;

  constructor(lifecycle: Lifecycle, ...args: ConstructorParameters<typeof Server>) {
    super(...(args as [ConstructorParameters<typeof Server>[0], ServerOptions]));
    this.#lifecycle = lifecycle;
  }

  override async connect(transport: Transport): Promise<void> {
    const legacy = this.#lifecycle.era === "legacy";
    await super.connect(legacy ? restoreResourceNotFound(transport) : transport);
    this.#detach ??= this.#lifecycle.attach();
  }

  override async close(): Promise<void> {
    this.#lifecycle.closed();
    await super.close();
  }

  protected override _onclose(): void {
    this.#detach?.();
    this.#detach = undefined;
    this.#lifecycle.closed();
    super._onclose();
  }

  protected override _wrapHandler(method: string, handler: Handler): Handler {
    const wrapped = super._wrapHandler(method, handler);
    if (method !== "tools/call") return wrapped;
    return async (request, ctx) => {
      parseToolCall(request.method, request.params);
      return wrapped(request, ctx);
    };
  }
}
