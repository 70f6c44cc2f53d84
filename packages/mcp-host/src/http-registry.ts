import type { CatalogOptions } from "@org/openspec-core";
import {
  type AsyncRegistry,
  type ConnectRegistryResult,
  connectRegistry,
} from "@org/openspec-registry";

/** Who a request speaks for: a token (by id), or anyone on loopback with `--no-auth`. */
export type Principal = { tokenId: number | null; name: string; readOnly: boolean };

export type Authentication =
  | { ok: true; principal: Principal }
  | {
      ok: false;
      status: 401 | 503;
      error: string;
      /** With 401: `missing` when the request carried no bearer token (RFC 6750 §3.1: no error code then). */
      credentials?: "missing" | "invalid";
    };

/**
 * The HTTP server's own connection to the registry the catalog uses (the
 * SQLite file, or the PostgreSQL server of `OPENSPEC_AGENT_DB`): it checks
 * bearer tokens on every request and tells /healthz whether the registry
 * answers. Every call is asynchronous, so a request waiting on the network
 * never holds the others. Opened on first use and again after a failure, so a
 * registry that appears (or a server that starts) later is picked up.
 */
export type HttpRegistry = {
  authenticate(authorization: string | undefined): Promise<Authentication>;
  /**
   * The ids of the tokens in the registry when they may have changed since the
   * last look, else `undefined`: on SQLite a read of `data_version`, cheap
   * enough to call several times a second; on PostgreSQL, which cannot tell,
   * the tokens are read each time.
   */
  tokenIdsIfChanged(): Promise<ReadonlySet<number> | undefined>;
  /** Whether the registry answers now: the file reads, or the server responds. */
  readable(): Promise<boolean>;
  close(): Promise<void>;
};

export function openHttpRegistry(catalogOptions: CatalogOptions): HttpRegistry {
  let opening: Promise<ConnectRegistryResult> | undefined;
  let seenVersion: number | undefined;
  const open = async (): Promise<ConnectRegistryResult> => {
    // Concurrent first requests share one connection attempt.
    opening ??= connectRegistry({
      ...(catalogOptions.registryPath === undefined ? {} : { path: catalogOptions.registryPath }),
      ...(catalogOptions.env === undefined ? {} : { env: catalogOptions.env }),
      ...(catalogOptions.home === undefined ? {} : { home: catalogOptions.home }),
    });
    const opened = await opening;
    if (!opened.ok) opening = undefined;
    return opened;
  };
  const registryOf = async (): Promise<AsyncRegistry | undefined> => {
    const opened = await open();
    return opened.ok ? opened.registry : undefined;
  };
  return {
    async authenticate(authorization) {
      const secret = /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1];
      if (secret === undefined) {
        return {
          ok: false,
          status: 401,
          error: "This server needs a bearer token (Authorization: Bearer osk_…).",
          credentials: "missing",
        };
      }
      const opened = await open();
      if (!opened.ok) return { ok: false, status: 503, error: opened.error };
      const verified = await opened.registry.verifyAccessToken(secret);
      if (verified.ok) {
        const { id, name, readOnly } = verified.token;
        return { ok: true, principal: { tokenId: id, name, readOnly } };
      }
      return verified.code === "access_token_invalid"
        ? { ok: false, status: 401, error: verified.error, credentials: "invalid" }
        : { ok: false, status: 503, error: verified.error };
    },
    async tokenIdsIfChanged() {
      const registry = await registryOf();
      if (registry === undefined) return undefined;
      const version = await registry.changeCount();
      if (version !== undefined && version === seenVersion) return undefined;
      const listed = await registry.listAccessTokens();
      if (!listed.ok) return undefined;
      seenVersion = version;
      return new Set(listed.tokens.map((token) => token.id));
    },
    async readable() {
      const registry = await registryOf();
      return registry !== undefined && (await registry.ping()).ok;
    },
    async close() {
      const pending = opening;
      opening = undefined;
      seenVersion = undefined;
      const opened = await pending;
      if (opened?.ok) await opened.registry.close();
    },
  };
}
