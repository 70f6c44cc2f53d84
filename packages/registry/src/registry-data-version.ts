import { registryContext } from "./create-registry.js";
import type { Registry } from "./registry.js";

/**
 * SQLite's `data_version` of this connection: a number that changes whenever
 * another connection (another process, e.g. `openspec-agent tokens revoke`)
 * commits to the file. Reading it touches only the shared-memory index, so a
 * server can look every fraction of a second and re-read a table only when it
 * changed. `undefined` once the connection is closed or the file unreadable.
 */
export function registryDataVersion(registry: Registry): number | undefined {
  try {
    const version: unknown = registryContext(registry).db.pragma("data_version", {
      simple: true,
    });
    return typeof version === "number" ? version : undefined;
  } catch {
    return undefined;
  }
}
