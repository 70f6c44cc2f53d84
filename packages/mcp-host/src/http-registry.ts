import type { CatalogOptions } from "@org/openspec-core";
import {
  listAccessTokens,
  openRegistry,
  type Registry,
  type RegistryFailure,
  registryDataVersion,
  verifyAccessToken,
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
 * The HTTP server's own connection to the registry file the catalog uses: it
 * checks bearer tokens on every request (a read, which never waits for a
 * writer) and tells /healthz whether the file is readable. Opened on first
 * use and again after a failure, so a registry that appears later is picked up.
 */
export type HttpRegistry = {
  authenticate(authorization: string | undefined): Authentication;
  /**
   * The ids of the tokens in the file when another process committed to it
   * since the last look (a token made or revoked), else `undefined`: a read of
   * SQLite's `data_version`, cheap enough to call several times a second.
   */
  tokenIdsIfChanged(): ReadonlySet<number> | undefined;
  readable(): boolean;
  close(): void;
};

export function openHttpRegistry(catalogOptions: CatalogOptions): HttpRegistry {
  let registry: Registry | undefined;
  let seenVersion: number | undefined;
  const open = (): Registry | RegistryFailure => {
    if (registry !== undefined) return registry;
    const opened = openRegistry({
      ...(catalogOptions.registryPath === undefined ? {} : { path: catalogOptions.registryPath }),
      ...(catalogOptions.env === undefined ? {} : { env: catalogOptions.env }),
      ...(catalogOptions.home === undefined ? {} : { home: catalogOptions.home }),
    });
    if (!opened.ok) return opened;
    registry = opened.registry;
    return registry;
  };
  return {
    authenticate(authorization) {
      const secret = /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1];
      if (secret === undefined) {
        return {
          ok: false,
          status: 401,
          error: "This server needs a bearer token (Authorization: Bearer osk_…).",
          credentials: "missing",
        };
      }
      const opened = open();
      if ("ok" in opened) return { ok: false, status: 503, error: opened.error };
      const verified = verifyAccessToken(opened, secret);
      if (verified.ok) {
        const { id, name, readOnly } = verified.token;
        return { ok: true, principal: { tokenId: id, name, readOnly } };
      }
      return verified.code === "access_token_invalid"
        ? { ok: false, status: 401, error: verified.error, credentials: "invalid" }
        : { ok: false, status: 503, error: verified.error };
    },
    tokenIdsIfChanged() {
      const opened = open();
      if ("ok" in opened) return undefined;
      const version = registryDataVersion(opened);
      if (version === undefined || version === seenVersion) return undefined;
      const listed = listAccessTokens(opened);
      if (!listed.ok) return undefined;
      seenVersion = version;
      return new Set(listed.tokens.map((token) => token.id));
    },
    readable() {
      const opened = open();
      return !("ok" in opened) && opened.list().ok;
    },
    close() {
      registry?.close();
      registry = undefined;
      seenVersion = undefined;
    },
  };
}
