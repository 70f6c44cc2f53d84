import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { type Catalog, type CatalogOptions, createCatalog } from "@org/openspec-core";
import { createDashboard } from "./create-dashboard.js";
import { DashboardListenError } from "./dashboard-listen-error.js";
import { allowedHostsFor, isLoopback } from "./guard-requests.js";
import { reachableHosts } from "./reachable-hosts.js";

export type StartDashboardOptions = {
  /** Port to listen on (default 4173; 0 picks a free one). */
  port?: number;
  /** Address to bind (default 127.0.0.1). Any other address requires the token. */
  host?: string;
  /** The token for a non-loopback bind (default OPENSPEC_AGENT_TOKEN, else a random one). */
  token?: string;
  /** A catalog to serve; by default one is made from `catalogOptions` and closed with the server. */
  catalog?: Catalog;
  catalogOptions?: CatalogOptions;
  /**
   * The folder the command ran in. The catalog made here serves its repository
   * (it, or the nearest folder above it with openspec/) as a source for this
   * process only, shown beside the registered ones and never written to the
   * registry; a registered source of the same folder replaces it. Ignored
   * with `catalog`: pass `processSources` to that catalog instead.
   */
  workdir?: string | null;
  pageSize?: number;
  env?: NodeJS.ProcessEnv;
};

export type RunningDashboard = {
  /** The address to open; with the token in it when one is required. */
  url: string;
  /**
   * Every address it answers at, `url` first: for a wildcard bind
   * (`0.0.0.0`, `::`) this machine's own addresses, then the loopback one.
   */
  urls: string[];
  port: number;
  token: string | null;
  close: () => Promise<void>;
};

/** Starts the dashboard's HTTP server; resolves once it listens. */
export async function startDashboard(
  options: StartDashboardOptions = {},
): Promise<RunningDashboard> {
  const env = options.env ?? process.env;
  const host = options.host ?? "127.0.0.1";
  const token = isLoopback(host)
    ? null
    : (options.token ?? (env.OPENSPEC_AGENT_TOKEN || randomBytes(18).toString("base64url")));
  const ownCatalog = options.catalog === undefined;
  const workdir = options.workdir ?? null;
  const catalog =
    options.catalog ??
    createCatalog({
      env,
      ...options.catalogOptions,
      processSources: [
        ...(options.catalogOptions?.processSources ?? []),
        ...(workdir === null ? [] : [workdir]),
      ],
    });
  // The allowed hosts need the port, which is known only once the server listens.
  let allowedHosts: ReadonlySet<string> | null = new Set<string>();
  const dashboard = createDashboard({
    catalog,
    get allowedHosts() {
      return allowedHosts;
    },
    token,
    ...(options.pageSize === undefined ? {} : { pageSize: options.pageSize }),
  });
  const asked = options.port ?? 4173;
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: dashboard.fetch, port: asked, hostname: host }, () =>
      resolve(started),
    );
    started.once("error", (error: NodeJS.ErrnoException) => {
      // Nothing is served: let go of what was opened, and say why in one sentence.
      dashboard.close();
      if (ownCatalog) catalog.close();
      reject(new DashboardListenError(host, asked, error));
    });
  });
  const port = (server.address() as AddressInfo).port;
  allowedHosts = allowedHostsFor(host, port);
  const query = token ? `?token=${encodeURIComponent(token)}` : "";
  const urls = reachableHosts(host).map((shown) => `http://${shown}:${port}/${query}`);
  return {
    url: urls[0] ?? `http://127.0.0.1:${port}/${query}`,
    urls,
    port,
    token,
    close: async () => {
      dashboard.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeAllConnections" in server) server.closeAllConnections();
      });
      if (ownCatalog) catalog.close();
    },
  };
}
