import type { Catalog } from "@org/openspec-core";
import { createMcpHost, type McpHost, type McpHostOptions } from "./create-host.js";
import type { Principal } from "./http-registry.js";

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
};

/**
 * The hosts 2026-07-28 requests are answered on: with no session, the SDK's
 * handler builds a server per request, on a host per token view and toolsets.
 * A host is made on first use and kept: there are three views and as many
 * toolset choices as the header can name, and a host's tool list and
 * availability check are what a request must not pay for again.
 */
export function modernHosts(options: ModernHostOptions) {
  const hosts = new Map<string, Promise<McpHost>>();
  return {
    hostFor(principal: Principal, toolsets: readonly string[] | undefined): Promise<McpHost> {
      const view =
        principal.tokenId === null ? "local" : principal.readOnly ? "read-only" : "token";
      const key = `${view} ${toolsets?.join(",") ?? "*"}`;
      let host = hosts.get(key);
      if (host === undefined) {
        host = createMcpHost({
          catalog: options.catalogFor(principal),
          log: options.log,
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
    async closeAll(): Promise<void> {
      for (const host of hosts.values()) await (await host).close();
    },
  };
}
