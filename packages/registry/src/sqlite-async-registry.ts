import type { AsyncRegistry } from "./async-registry.js";
import { createAccessToken } from "./create-access-token.js";
import { importSources } from "./import-sources.js";
import { listAccessTokens } from "./list-access-tokens.js";
import type { Registry } from "./registry.js";
import { registryDataVersion } from "./registry-data-version.js";
import { revokeAccessToken } from "./revoke-access-token.js";
import { verifyAccessToken } from "./verify-access-token.js";

/**
 * An open SQLite registry behind the asynchronous interface. Reads stay
 * synchronous underneath (a local file in WAL mode never waits for a writer,
 * and a promise around them costs one microtask); source writes use the
 * `*Async` writes, which wait for another process's lock without blocking.
 */
export function sqliteAsyncRegistry(registry: Registry): AsyncRegistry {
  const now = <T>(work: () => T): Promise<T> => Promise.resolve().then(work);
  return {
    kind: "sqlite",
    location: registry.path,
    add: (input) => registry.addAsync(input),
    update: (identifier, changes) => registry.updateAsync(identifier, changes),
    remove: (identifier) => registry.removeAsync(identifier),
    list: () => now(() => registry.list()),
    resolve: (identifier) => now(() => registry.resolve(identifier)),
    importSources: (rows) => now(() => importSources(registry, rows)),
    createAccessToken: (input) => now(() => createAccessToken(registry, input)),
    listAccessTokens: () => now(() => listAccessTokens(registry)),
    revokeAccessToken: (nameOrId) => now(() => revokeAccessToken(registry, nameOrId)),
    verifyAccessToken: (secret) => now(() => verifyAccessToken(registry, secret)),
    changeCount: () => now(() => registryDataVersion(registry)),
    ping: () =>
      now(() => {
        const listed = registry.list();
        return listed.ok ? { ok: true as const } : listed;
      }),
    // Closed at once, not in a microtask: a host that closes and then removes the file needs it shut.
    close: () => {
      registry.close();
      return Promise.resolve();
    },
  };
}
