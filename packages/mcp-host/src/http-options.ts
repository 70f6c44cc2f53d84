import type { Catalog, CatalogOptions } from "@org/openspec-core";

/** How the HTTP server is set up; every field has a default. */
export type HttpServerOptions = {
  /** The address to bind; default 127.0.0.1. Anything but a loopback address needs tokens. */
  host?: string;
  /** The port; default 3845. 0 picks a free one (see `HttpServerHandle.url`). */
  port?: number;
  /**
   * Serve without bearer tokens. Refused unless `host` is a loopback address,
   * where only this machine's processes can reach the server.
   */
  noAuth?: boolean;
  /**
   * Host names (without port) a request's Host header may name, for a server
   * behind a reverse proxy or reached by a DNS name. On a loopback address
   * localhost, 127.0.0.1 and [::1] are always allowed. A browser's Origin
   * must then be that same scheme, host and port.
   */
  allowedHosts?: readonly string[];
  /** The largest request body read; a larger one gets 413. Default 4 MiB. */
  maxBodyBytes?: number;
  /**
   * A session without a client request for this long is closed, with its
   * open streams; a request in flight keeps it, an open GET stream does not.
   * Default 30 min.
   */
  idleTimeoutMs?: number;
  /** Sessions held at once; an initialize beyond it gets 503. Default 1000. */
  maxSessions?: number;
  /**
   * Sessions one token may hold at once; its next initialize gets 429, and
   * other tokens are not affected. Default 20. Not applied with `noAuth`.
   */
  maxSessionsPerToken?: number;
  /**
   * Let tokens pass `workdir`, reaching any folder the server's user can
   * read. By default a token reaches registered sources only (`workdir` is
   * answered `workdir_not_allowed`). Not needed with `noAuth`, whose callers
   * are this machine's own processes.
   */
  allowAnyWorkdir?: boolean;
  /** Resource subscriptions one session may hold; one more is refused with a JSON-RPC error. Default 100. */
  maxSubscriptionsPerSession?: number;
  /**
   * Resource subscriptions the sessions of one token may hold together, so one
   * token cannot take every place of the server's; default 200. Not applied
   * with `noAuth`.
   */
  maxSubscriptionsPerToken?: number;
  /** Resource subscriptions all sessions may hold together; default 2,000. */
  maxSubscriptions?: number;
  /** How often each session looks for the CLI appearing or disappearing; default 2000 ms. */
  availabilityCheckMs?: number;
  /**
   * The toolsets a session gets when its initialize request has no
   * `X-OpenSpec-Toolsets` header: names separated by commas, `all` or
   * `default`. Without it, every tool (`runHttpServer`, the `--http` process,
   * passes `--toolsets`, `OPENSPEC_AGENT_TOOLSETS` or `default`).
   */
  toolsets?: string;
  /** Sessions start with their toolsets plus `openspec_toolsets`, which enables the others. */
  dynamicToolsets?: boolean;
  /**
   * Send each tool's output schema in tools/list, for every session of this
   * server; default true (`runHttpServer` also reads `OPENSPEC_AGENT_OUTPUT_SCHEMAS`).
   * Off for clients that put output schemas into the model's context (Codex's code mode).
   */
  outputSchemas?: boolean;
  /**
   * This server's name among replicas behind one proxy: every 2025 session
   * id starts with `<name>.`, so the proxy can send a session's requests to
   * the replica that holds it (2026-07-28 requests need no such routing).
   * 1 to 32 lowercase letters, digits and dashes; another name is refused
   * (`invalid_setting`). `runHttpServer` reads `OPENSPEC_AGENT_REPLICA`.
   */
  replicaName?: string;
  /** Where diagnostics go; default stderr. */
  log?: (message: string) => void;
  /** Settings of the catalog the server makes (registry path, env, warm pool…). */
  catalogOptions?: CatalogOptions;
  /** A catalog the caller owns and closes, instead of `catalogOptions`. */
  catalog?: Catalog;
};

export const DEFAULT_HTTP_PORT = 3845;
export const DEFAULT_HTTP_HOST = "127.0.0.1";
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
export const DEFAULT_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const DEFAULT_MAX_SESSIONS = 1000;
export const DEFAULT_MAX_SESSIONS_PER_TOKEN = 20;

/** Whether only this machine can reach an address. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  return bare === "localhost" || bare === "::1" || /^127(\.\d{1,3}){3}$/.test(bare);
}
