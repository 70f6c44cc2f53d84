import type { Server } from "@modelcontextprotocol/server";
import { ProtocolError, ProtocolErrorCode, type Resource } from "@modelcontextprotocol/server";
import type { Catalog } from "@org/openspec-core";
import { collectResources } from "./collect-resources.js";
import { pageResources } from "./list-resources.js";
import { listSources, type ResourceSource, sourcesSignature } from "./list-sources.js";
import { anyParams, parseRequest } from "./parse-request.js";
import { readResource } from "./read-resource.js";
import { refuseMissingResource } from "./refuse-missing-resource.js";
import { resourceTemplates } from "./resource-templates.js";
import { parseResourceUri, SKILL_SCHEME } from "./resource-uri.js";
import { sharedSourceResources } from "./shared-source-resources.js";
import { type ResourceWatchOptions, watchResources } from "./watch-resources.js";
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
  } = {},
): ResourceRegistration {
  // Added here rather than where the server is made, so the server's own list stays as it was.
  mcp.registerCapabilities(RESOURCE_CAPABILITIES);
  if (!subscriptions) {
    registerReads(mcp, catalog, skills, async (sources) =>
      collectResources(catalog, sources, (source) =>
        sharedSourceResources(catalog, source, () => undefined),
      ),
    );
    return { close: () => {} };
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

  let snapshot: { signature: string; generation: number; resources: Resource[] } | undefined;
  registerReads(mcp, catalog, skills, async (sources, cursor) => {
    const signature = sourcesSignature(sources);
    const generation = watch.generation();
    // A first page is always collected afresh; the pages after it reuse that
    // collection while the watch has seen no event, so paging a large
    // registry reads each repository once rather than once a page.
    const reuse =
      cursor !== undefined &&
      snapshot?.signature === signature &&
      snapshot.generation === generation &&
      watch.isListing();
    if (reuse && snapshot) return snapshot.resources;
    // Watch before collecting, so an event during the collection is compared afterwards. The
    // watch of a large repository is set up in the background: the listing does not wait for it.
    await watch.startListing();
    const all = await collectResources(catalog, sources, (source) =>
      sharedSourceResources(catalog, source, () => watch.folderGeneration(source)),
    );
    snapshot = { signature, generation, resources: all };
    watch.listed(all, generation);
    return all;
  });
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
 * sources for a listing that starts at `cursor`. The skill files are read
 * here too, but not listed: `skills/list` enumerates them. Registered with any params,
 * so malformed params reach parseRequest and get -32602 rather than the
 * SDK's -32603.
 */
function registerReads(
  mcp: Server,
  catalog: Catalog,
  skills: WorkflowSkills | undefined,
  collect: (sources: ResourceSource[], cursor: string | undefined) => Promise<Resource[]>,
): void {
  mcp.setRequestHandler("resources/list", { params: anyParams }, async (params) => {
    const request = parseRequest("ListResourcesRequest", "resources/list", params);
    const cursor = request.params?.cursor;
    return pageResources(await collect(await listSources(catalog), cursor), cursor);
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
