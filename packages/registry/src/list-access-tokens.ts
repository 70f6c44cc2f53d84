import { asc } from "drizzle-orm";
import type { AccessTokenListResult } from "./access-token.js";
import { registryContext } from "./create-registry.js";
import { toAccessToken } from "./hash-access-token.js";
import type { Registry } from "./registry.js";
import { runGuarded } from "./run-guarded.js";
import { accessTokens } from "./schema.js";

/** Every token, oldest first, without secrets or hashes. */
export function listAccessTokens(registry: Registry): AccessTokenListResult {
  const context = registryContext(registry);
  return runGuarded(context, () => ({
    ok: true,
    tokens: context.db
      .select()
      .from(accessTokens)
      .orderBy(asc(accessTokens.id))
      .all()
      .map(toAccessToken),
  }));
}
