import type { Catalog } from "@org/openspec-core";
import { boundedMap } from "./bounded-map.js";
import { createMcpHost, type McpHost, type McpHostOptions } from "./create-host.js";
import type { Principal } from "./http-registry.js";
import { packageVersion } from "./package-version.js";
import { type WatchedResourceListing, watchedResourceListing } from "./watched-resource-listing.js";
import { workflowSkills } from "./workflow-skills.js";

/**
 * Hosts kept at most: a few token views times the toolset choices clients
 * really configure. The header can name 255 sets of toolsets, and a host
 * holds a tool list and a timer, so a client walking through them must not
 * keep them all.
 */
export const DEFAULT_MAX_MODERN_HOSTS = 16;

/** What every 2026-07-28 request's host shares: the server's options for its tools. */
export type ModernHostOptions = Pick<
  McpHostOptions,
  "dynamicToolsets" | "outputSchemas" | "availabilityCheckMs"
> & {
  /** The catalog view a principal reaches (the local catalog, a token's, a read-only token's). */
  catalogFor: (principal: Principal) => Catalog;
  log: (line: string) => void;
  /** Called once with each host made, e.g. to hear its tool list change. */
  made: (host: McpHost) => void;
  /** Hosts kept at most; the least recently used one is closed past it. Default 16. */
  maxHosts?: number;
};

/**
 * The hosts 2026-07-28 requests are answered on: with no session, the SDK's
 * handler builds a server per request, on a host per token view and toolsets.
 * A host is made on first use and kept while it is among the most recently
 * used (`maxHosts`): its tool list and availability check are what a request
 * must not pay for again. A host let go is closed (its timer stops; a request
 * it still serves finishes on it) and made again when asked for. What does not
 * depend on the toolsets is shared, so it is made once whatever the header
 * says: the workflow skills for all hosts, and the resource listing (with its
 * watch) per catalog view, of which there are three.
 */
export function modernHosts(options: ModernHostOptions) {
  const hosts = boundedMap<Promise<McpHost>>(
    options.maxHosts ?? DEFAULT_MAX_MODERN_HOSTS,
    (host) =>
      void host.then(
        (evicted) => evicted.close(),
        () => {},
      ),
  );
  const skills = workflowSkills(packageVersion, undefined, options.log);
  const listings = new Map<string, WatchedResourceListing>();
  return {
    hostFor(principal: Principal, toolsets: readonly string[] | undefined): Promise<McpHost> {
      const view =
        principal.tokenId === null ? "local" : principal.readOnly ? "read-only" : "token";
      const key = `${view} ${toolsets?.join(",") ?? "*"}`;
      let host = hosts.get(key);
      if (host === undefined) {
        const catalog = options.catalogFor(principal);
        let listing = listings.get(view);
        if (listing === undefined) {
          listing = watchedResourceListing(catalog, options.log);
          listings.set(view, listing);
        }
        host = createMcpHost({
          catalog,
          log: options.log,
          skills,
          resourceListing: listing,
          ...(toolsets === undefined ? {} : { toolsets }),
          ...(options.dynamicToolsets ? { dynamicToolsets: true } : {}),
          ...(options.outputSchemas === false ? { outputSchemas: false } : {}),
          ...(options.availabilityCheckMs === undefined
            ? {}
            : { availabilityCheckMs: options.availabilityCheckMs }),
        });
        hosts.set(key, host);
        void host.then(options.made);
      }
      return host;
    },
    /** Hosts kept now (at most `maxHosts`). */
    size: () => hosts.size,
    async closeAll(): Promise<void> {
      for (const host of hosts.values()) await (await host).close();
      for (const listing of listings.values()) listing.close();
    },
  };
}
