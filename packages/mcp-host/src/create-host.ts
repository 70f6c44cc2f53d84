import type { LoggingLevel, Tool } from "@modelcontextprotocol/server";
import {
  type Catalog,
  type CatalogOptions,
  createCatalog,
  type ToolResult,
} from "@org/openspec-core";
import { listCatalogTool } from "./list-catalog-tool.js";
import { offerToolsets, type ToolOffer } from "./offer-toolsets.js";
import { packageVersion } from "./package-version.js";
import { syncToolAvailability } from "./sync-tool-availability.js";
import { type WatchedResourceListing, watchedResourceListing } from "./watched-resource-listing.js";
import { type WorkflowSkills, workflowSkills } from "./workflow-skills.js";
import { writeLog } from "./write-log.js";

/** The catalog to serve: one the caller owns, or settings for one the server makes and closes. */
export type CatalogSource =
  | { catalog: Catalog; catalogOptions?: never }
  | { catalog?: never; catalogOptions?: CatalogOptions };

export type McpHostOptions = CatalogSource &
  ToolOffer & {
    /** How often to look for the OpenSpec CLI appearing or disappearing; default 2000 ms. */
    availabilityCheckMs?: number;
    /** Where diagnostics go; default stderr. */
    log?: (message: string) => void;
  };

/** What several hosts of one HTTP server share; a host made alone makes its own. */
export type SharedHostParts = {
  /** The workflow skills, one catalog of them for every host. */
  skills?: WorkflowSkills;
  /** The resource listing of the hosts' 2026-07-28 servers over one catalog view (the caller closes it). */
  resourceListing?: WatchedResourceListing;
};

/** What a server built on the host hears from it: its clients are told, stderr already was. */
export type HostListener = {
  /** The offered tools changed (the CLI came or went, a toolset was enabled); resolves once told. */
  toolsChanged(): Promise<void>;
  /** An event for the clients' logs: the catalog's notices, the offer changing. */
  notice(level: LoggingLevel, message: string): void;
};

/**
 * What lives as long as the process (stdio) or the HTTP server, however many
 * MCP servers answer on it: the catalog and its views, the tool list (its JSON
 * Schemas are a third of a start before the first `tools/list`, so they are
 * made once), the workflow skills, the availability check and its timer. A server built on the
 * host (`buildServer`) holds only handlers, so one per request is cheap.
 */
export type McpHost = {
  /** The offered view: narrowed to the chosen toolsets, and to the tools that read under `readOnly`. */
  readonly catalog: Catalog;
  /** The whole catalog: prompts and resources read through it, whichever toolsets list the tools. */
  readonly shared: Catalog;
  /** The extra tool under `dynamicToolsets`, else undefined. */
  readonly toolsetsTool: Tool | undefined;
  /** The workflows as MCP skills, loaded once, on the first skills request, not per request. */
  readonly skills: WorkflowSkills;
  /**
   * What the host's 2026-07-28 servers page `resources/list` through: one list
   * per state of the sources' folders, with a watch made on the first listing.
   */
  readonly resourceListing: WatchedResourceListing;
  /** Where diagnostics go (stderr unless the caller said otherwise). */
  readonly writeLine: (message: string) => void;
  /** The tools offered now, as `tools/list` shows them. */
  listTools(): Tool[];
  /**
   * Answers a call of `toolsetsTool`; enabling a toolset widens the list and
   * every listening server's client is told.
   */
  answerToolsets(args: unknown): Promise<ToolResult>;
  /** Answers a call of `toolsetsTool` without enabling anything (a 2026-07-28 request's server). */
  describeToolsets(args: unknown): ToolResult;
  /** Looks for the CLI now; true when the tool list changed (listening servers have told their clients). */
  checkAvailability(): Promise<boolean>;
  /** Logs one event: to stderr, and to the clients of the listening servers. */
  log(level: LoggingLevel, message: string): void;
  /** Hears tool-list changes and notices until the returned function is called. */
  listen(listener: HostListener): () => void;
  /** Stops the availability check and closes the catalog if the host made it; twice is harmless. */
  close(): Promise<void>;
};

const DEFAULT_AVAILABILITY_CHECK_MS = 2000;

/**
 * Makes the host and waits for its first availability check, so the first
 * list a client asks for is already right. The tools that need the OpenSpec
 * CLI are offered only while a CLI is found; the host keeps looking.
 */
export async function createMcpHost(
  options: McpHostOptions & SharedHostParts = {},
): Promise<McpHost> {
  const ownsCatalog = options.catalog === undefined;
  const writeLine = options.log ?? writeLog;
  const listeners = new Set<HostListener>();
  const notice = (level: LoggingLevel, message: string): void => {
    for (const listener of listeners) listener.notice(level, message);
  };
  // The catalog's notices (an unusable warm pool) reach the clients too, once connected.
  const catalogLog = options.catalogOptions?.log ?? options.log ?? writeLog;
  const shared =
    options.catalog ??
    createCatalog({
      ...options.catalogOptions,
      log: (line) => {
        catalogLog(line);
        notice("warning", line);
      },
    });
  const offer = offerToolsets(shared, options);
  const catalog = offer.catalog;
  const log = (level: LoggingLevel, message: string): void => {
    writeLine(message);
    notice(level, message);
  };
  // All tools to begin with, so the first check below logs a change only when the CLI is missing.
  const offered = new Set(catalog.tools.map((tool) => tool.name));
  const listed = new Map<string, Tool>();
  const listTools = (): Tool[] => [
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
  ];

  let running: Promise<boolean> | undefined;
  const checkAvailability = (): Promise<boolean> => {
    running ??= syncToolAvailability(catalog, offered)
      .then(async (changed) => {
        if (changed) {
          await Promise.all([...listeners].map((listener) => listener.toolsChanged()));
          log("info", await describeOffer(catalog));
        }
        return changed;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  await checkAvailability();
  const timer = setInterval(() => {
    checkAvailability().catch((error: unknown) =>
      log("warning", `availability check failed: ${String(error)}`),
    );
  }, options.availabilityCheckMs ?? DEFAULT_AVAILABILITY_CHECK_MS);
  timer.unref();

  let closed = false;
  const resourceListing =
    options.resourceListing ?? watchedResourceListing(shared, (line) => log("warning", line));
  return {
    catalog,
    shared,
    toolsetsTool: offer.tool,
    skills: options.skills ?? workflowSkills(packageVersion, undefined, writeLine),
    resourceListing,
    writeLine,
    listTools,
    async answerToolsets(args) {
      const answer = offer.answer(args);
      // The enabled toolset's tools join the list, and the clients are told.
      // A check already under way may have read the list before the enable; the second sees it.
      if (answer.ok && "enabled" in answer) await checkAvailability().then(checkAvailability);
      return answer;
    },
    describeToolsets: (args) => offer.describe(args),
    checkAvailability,
    log,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      listeners.clear();
      if (options.resourceListing === undefined) resourceListing.close();
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
