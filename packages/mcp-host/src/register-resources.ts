import type { Server } from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode } from "@modelcontextprotocol/server";
import type { Catalog } from "@org/openspec-core";
import { pageResources } from "./list-resources.js";
import { listSources } from "./list-sources.js";
import { anyParams, parseRequest } from "./parse-request.js";
import { readResource } from "./read-resource.js";
import { refuseMissingResource } from "./refuse-missing-resource.js";
import { type ListAllResources, resourceListing } from "./resource-listing.js";
import { resourceTemplates } from "./resource-templates.js";
import { parseResourceUri, SKILL_SCHEME } from "./resource-uri.js";
import { type ResourceWatchOptions, watchResources } from "./watch-resources.js";
import { type WatchedResourceListing, watchedResourceListing } from "./watched-resource-listing.js";
import type { WorkflowSkills } from "./workflow-skills.js";

/** What the handlers below need the server to advertise; completion comes with the prompts. */
const RESOURCE_CAPABILITIES = { resources: { subscribe: true, listChanged: true } } as const;

export type ResourceRegistration = {
  /** Closes every file watcher and timer; the server calls it when it closes. */
  close(): void;
};

/**
 * Offers the registered sources' specs and changes as `openspec://` resources:
 * list (paged), templates, read, and subscriptions with update and
 * list-changed notifications. Completion of the templates' variables is
 * answered by the one completion handler the prompts register. Call it
 * before the server connects: it adds the `resources` capability.
 */
export function registerResources(
  mcp: Server,
  catalog: Catalog,
  log: (message: string) => void,
  {
    subscriptions = true,
    skills,
    listing,
    ...watchOptions
  }: Pick<
    ResourceWatchOptions,
    "debounceMs" | "registryCheckMs" | "maxSubscriptions" | "budget" | "tokenBudget"
  > & {
    /**
     * Follow resources for this server's client: `resources/subscribe`,
     * `resources/unsubscribe` and `list_changed` after a listing, through a
     * watch of its own; default true. The 2026-07-28 revision removed
     * subscribing (`subscriptions/listen` follows resources there), and its
     * servers live for one request, so they list and read without a watch.
     */
    subscriptions?: boolean;
    /** The workflow skills, whose files are read beside the sources' resources. */
    skills?: WorkflowSkills;
    /**
     * Without `subscriptions`: the listing the server pages through, kept
     * longer than the server (the host's); default one of its own.
     */
    listing?: WatchedResourceListing;
  } = {},
): ResourceRegistration {
  // Added here rather than where the server is made, so the server's own list stays as it was.
  mcp.registerCapabilities(RESOURCE_CAPABILITIES);
  if (!subscriptions) {
    // A listing of its own, unless the caller keeps one that outlives the server.
    const chosen = listing ?? watchedResourceListing(catalog, log);
    registerReads(mcp, catalog, skills, chosen.list);
    return { close: () => (chosen === listing ? undefined : chosen.close()) };
  }
  const watch = watchResources({
    ...watchOptions,
    catalog,
    log,
    updated: (uri) => {
      mcp
        .sendResourceUpdated({ uri })
        .catch((error: unknown) => log(`could not notify: ${String(error)}`));
    },
    listChanged: () => {
      mcp
        .sendResourceListChanged()
        .catch((error: unknown) => log(`could not notify: ${String(error)}`));
    },
  });
  // The session's own watch keys its listing, and its first collection is what later lists
  // are compared with for list_changed.
  registerReads(mcp, catalog, skills, resourceListing(catalog, watch, watch.listed));
  mcp.setRequestHandler("resources/subscribe", { params: anyParams }, async (params) => {
    const request = parseRequest("SubscribeRequest", "resources/subscribe", params);
    const parsed = parseResourceUri(request.params.uri);
    if (!parsed.ok) {
      throw new ProtocolError(
        ProtocolErrorCode.InvalidParams,
        `${parsed.error} Subscribe to a URI that resources/list or a resource template gives.`,
        { uri: request.params.uri },
      );
    }
    await refuseMissingResource(catalog, request.params.uri);
    const outcome = await watch.subscribe(request.params.uri);
    if (!outcome.ok) {
      const held = {
        session: `This session holds ${outcome.limit} resource subscriptions, the most it may.`,
        token: `The sessions of this token hold ${outcome.limit} resource subscriptions together, the most they may.`,
        server: `The server holds ${outcome.limit} resource subscriptions across its sessions, the most it may.`,
      }[outcome.scope];
      throw new ProtocolError(
        ProtocolErrorCode.InvalidRequest,
        `${held} Unsubscribe from a resource you no longer follow (resources/unsubscribe), or watch the whole list through notifications/resources/list_changed instead.`,
        {
          uri: request.params.uri,
          code: "subscription_limit",
          scope: outcome.scope,
          limit: outcome.limit,
        },
      );
    }
    return {};
  });
  mcp.setRequestHandler("resources/unsubscribe", { params: anyParams }, (params) => {
    const request = parseRequest("UnsubscribeRequest", "resources/unsubscribe", params);
    watch.unsubscribe(request.params.uri);
    return {};
  });
  return { close: () => watch.close() };
}

/**
 * Lists (paged), templates and reads; `collect` gives every resource of the
 * sources, which each page slices. The skill files are read
 * here too, but not listed: `skills/list` enumerates them. Registered with any params,
 * so malformed params reach parseRequest and get -32602 rather than the
 * SDK's -32603.
 */
function registerReads(
  mcp: Server,
  catalog: Catalog,
  skills: WorkflowSkills | undefined,
  collect: ListAllResources,
): void {
  mcp.setRequestHandler("resources/list", { params: anyParams }, async (params) => {
    const request = parseRequest("ListResourcesRequest", "resources/list", params);
    const cursor = request.params?.cursor;
    return pageResources(await collect(await listSources(catalog)), cursor);
  });
  mcp.setRequestHandler("resources/templates/list", { params: anyParams }, (params) => {
    parseRequest("ListResourceTemplatesRequest", "resources/templates/list", params);
    return { resourceTemplates: [...resourceTemplates] };
  });
  mcp.setRequestHandler("resources/read", { params: anyParams }, (params) => {
    const request = parseRequest("ReadResourceRequest", "resources/read", params);
    const uri = request.params.uri;
    if (skills !== undefined && uri.startsWith(SKILL_SCHEME)) return skills.read(uri);
    return readResource(catalog, uri);
  });
}
