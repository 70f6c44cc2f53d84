import type { CatalogOptions } from "@org/openspec-core";
import {
  openRegistry,
  type Registry,
  type RegistryFailure,
  verifyAccessToken,
} from "@org/openspec-registry";

/** Who a request speaks for: a token (by id), or anyone on loopback with `--no-auth`. */
export type Principal = { tokenId: number | null; name: string; readOnly: boolean };

export type Authentication =
  | { ok: true; principal: Principal }
  | { ok: false; status: 401 | 503; error: string };

/**
 * The HTTP server's own connection to the registry file the catalog uses: it
 * checks bearer tokens on every request (a read, which never waits for a
 * writer) and tells /healthz whether the file is readable. Opened on first
 * use and again after a failure, so a registry that appears later is picked up.
 */
export type HttpRegistry = {
  authenticate(authorization: string | undefined): Authentication;
  readable(): boolean;
  close(): void;
};

export function openHttpRegistry(catalogOptions: CatalogOptions): HttpRegistry {
  let registry: Registry | undefined;
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
        ? { ok: false, status: 401, error: verified.error }
        : { ok: false, status: 503, error: verified.error };
    },
    readable() {
      const opened = open();
      return !("ok" in opened) && opened.list().ok;
    },
    close() {
      registry?.close();
      registry = undefined;
    },
  };
}
