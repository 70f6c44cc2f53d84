import { homedir } from "node:os";
import type { AsyncRegistry } from "./async-registry.js";
import { defaultRegistryPath } from "./default-registry-path.js";
import { type OpenRegistryOptions, openRegistry } from "./open-registry.js";
import { isPostgresUrl } from "./postgres-url.js";
import { BUSY_TIMEOUT_MS } from "./registry-database.js";
import type { RegistryFailure } from "./registry-failure.js";
import { sqliteAsyncRegistry } from "./sqlite-async-registry.js";

export type ConnectRegistryResult =
  | { readonly ok: true; readonly registry: AsyncRegistry }
  | RegistryFailure;

/**
 * Opens the registry wherever `path` (else `OPENSPEC_AGENT_DB`, else the
 * default file) says: a `postgres://` or `postgresql://` URL connects to that
 * server, anything else is the SQLite file `openRegistry` opens. Both answer
 * through the same asynchronous interface, so a host works with either.
 */
export async function connectRegistry(
  options: OpenRegistryOptions = {},
): Promise<ConnectRegistryResult> {
  const home = options.home ?? homedir();
  const location = options.path ?? defaultRegistryPath({ env: options.env ?? process.env, home });
  if (isPostgresUrl(location)) {
    const asked = options.busyTimeoutMs;
    const busyTimeoutMs =
      asked !== undefined && Number.isFinite(asked)
        ? Math.max(0, Math.round(asked))
        : BUSY_TIMEOUT_MS;
    // Loaded only for a server: a host on the SQLite file never loads drizzle's PostgreSQL
    // driver nor node-postgres (see "drizzle on the paths that write" in the README).
    const { connectPostgres } = await import("./connect-postgres.js");
    return connectPostgres(location, { home, cwd: options.cwd ?? process.cwd() }, busyTimeoutMs);
  }
  const opened = openRegistry({ ...options, path: location, home });
  return opened.ok ? { ok: true, registry: sqliteAsyncRegistry(opened.registry) } : opened;
}
