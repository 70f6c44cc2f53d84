import type { AccessTokenResult } from "./access-token.js";
import { registryContext } from "./create-registry.js";
import type { Registry } from "./registry.js";
import { runInWriteTransaction } from "./run-guarded.js";
import { writeOperations } from "./write-operations-loader.js";

/**
 * Deletes a token found by name, else by id; a server checks every request
 * against the file, so the bearer's next request is refused.
 */
export function revokeAccessToken(registry: Registry, identifier: string): AccessTokenResult {
  const context = registryContext(registry);
  // Loaded before the lock is taken, so the first write's load never holds it.
  const { deleteAccessToken } = writeOperations();
  return runInWriteTransaction(context, () => deleteAccessToken(context.db, identifier));
}
