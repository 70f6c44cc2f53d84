import type { AccessTokenListResult } from "./access-token.js";
import { ACCESS_TOKEN_ROW, type StoredAccessTokenRow } from "./access-token-columns.js";
import { registryContext } from "./create-registry.js";
import { toAccessToken } from "./hash-access-token.js";
import type { Registry } from "./registry.js";
import { runGuarded } from "./run-guarded.js";

/** Every token, oldest first, without secrets or hashes. */
export function listAccessTokens(registry: Registry): AccessTokenListResult {
  const context = registryContext(registry);
  return runGuarded(context, () => ({
    ok: true,
    tokens: context.db
      .prepare<[], StoredAccessTokenRow>(
        `SELECT ${ACCESS_TOKEN_ROW} FROM access_tokens ORDER BY id`,
      )
      .all()
      .map(toAccessToken),
  }));
}
