import { eq } from "drizzle-orm";
import type { AccessTokenResult } from "./access-token.js";
import { registryContext } from "./create-registry.js";
import { toAccessToken } from "./hash-access-token.js";
import type { Registry } from "./registry.js";
import { registryFailure } from "./registry-failure.js";
import { runInWriteTransaction } from "./run-guarded.js";
import { accessTokens } from "./schema.js";

/**
 * Deletes a token found by name, else by id; a server checks every request
 * against the file, so the bearer's next request is refused.
 */
export function revokeAccessToken(registry: Registry, identifier: string): AccessTokenResult {
  const context = registryContext(registry);
  return runInWriteTransaction(context, (): AccessTokenResult => {
    const byName = context.db
      .select()
      .from(accessTokens)
      .where(eq(accessTokens.name, identifier))
      .get();
    const row =
      byName ??
      (/^[1-9][0-9]{0,15}$/.test(identifier)
        ? context.db
            .select()
            .from(accessTokens)
            .where(eq(accessTokens.id, Number(identifier)))
            .get()
        : undefined);
    if (row === undefined) {
      return registryFailure(
        "access_token_not_found",
        `No token is named ${JSON.stringify(identifier)} or has that id; run tokens list to see them.`,
      );
    }
    context.db.delete(accessTokens).where(eq(accessTokens.id, row.id)).run();
    return { ok: true, token: toAccessToken(row) };
  });
}
