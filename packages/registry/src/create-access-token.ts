import type { CreateAccessTokenInput, CreatedAccessTokenResult } from "./access-token.js";
import { registryContext } from "./create-registry.js";
import type { Registry } from "./registry.js";
import { runInWriteTransaction } from "./run-guarded.js";
import { validateSourceName } from "./validate-source-name.js";
import { writeOperations } from "./write-operations-loader.js";

/** Makes a token and returns its secret once; only the secret's hash is stored. */
export function createAccessToken(
  registry: Registry,
  input: CreateAccessTokenInput,
): CreatedAccessTokenResult {
  const context = registryContext(registry);
  const name = validateSourceName(input.name);
  if (!name.ok) return name;
  // Loaded before the lock is taken, so the first write's load never holds it.
  const { insertAccessToken } = writeOperations();
  return runInWriteTransaction(context, () =>
    insertAccessToken(context.db, { ...input, name: name.name }),
  );
}
