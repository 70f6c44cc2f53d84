import { eq } from "drizzle-orm";
import type { CreateAccessTokenInput, CreatedAccessTokenResult } from "./access-token.js";
import { registryContext } from "./create-registry.js";
import { hashAccessTokenSecret, newAccessTokenSecret, toAccessToken } from "./hash-access-token.js";
import type { Registry } from "./registry.js";
import { registryFailure } from "./registry-failure.js";
import { runInWriteTransaction } from "./run-guarded.js";
import { accessTokens } from "./schema.js";
import { validateSourceName } from "./validate-source-name.js";

/** Makes a token and returns its secret once; only the secret's hash is stored. */
export function createAccessToken(
  registry: Registry,
  input: CreateAccessTokenInput,
): CreatedAccessTokenResult {
  const context = registryContext(registry);
  const name = validateSourceName(input.name);
  if (!name.ok) return name;
  return runInWriteTransaction(context, (): CreatedAccessTokenResult => {
    const holder = context.db
      .select({ id: accessTokens.id })
      .from(accessTokens)
      .where(eq(accessTokens.name, name.name))
      .get();
    if (holder !== undefined) {
      return registryFailure(
        "duplicate_access_token",
        `A token named ${JSON.stringify(name.name)} exists already; revoke it first or pick another name.`,
      );
    }
    const secret = newAccessTokenSecret();
    const row = context.db
      .insert(accessTokens)
      .values({
        name: name.name,
        hash: hashAccessTokenSecret(secret),
        readOnly: input.readOnly === true,
        createdAt: Date.now(),
        lastUsedAt: null,
      })
      .returning()
      .get();
    return { ok: true, token: toAccessToken(row), secret };
  });
}
