import type { AccessTokenResult } from "./access-token.js";
import { ACCESS_TOKEN_ROW, type StoredAccessTokenRow } from "./access-token-columns.js";
import { registryContext } from "./create-registry.js";
import { toAccessToken } from "./hash-access-token.js";
import type { Registry } from "./registry.js";
import { registryFailure } from "./registry-failure.js";
import { runInWriteTransaction } from "./run-guarded.js";

/**
 * Deletes a token found by name, else by id; a server checks every request
 * against the file, so the bearer's next request is refused.
 */
export function revokeAccessToken(registry: Registry, identifier: string): AccessTokenResult {
  const context = registryContext(registry);
  return runInWriteTransaction(context, (): AccessTokenResult => {
    const byName = context.db
      .prepare<[string], StoredAccessTokenRow>(
        `SELECT ${ACCESS_TOKEN_ROW} FROM access_tokens WHERE name = ?`,
      )
      .get(identifier);
    const row =
      byName ??
      (/^[1-9][0-9]{0,15}$/.test(identifier)
        ? context.db
            .prepare<[number], StoredAccessTokenRow>(
              `SELECT ${ACCESS_TOKEN_ROW} FROM access_tokens WHERE id = ?`,
            )
            .get(Number(identifier))
        : undefined);
    if (row === undefined) {
      return registryFailure(
        "access_token_not_found",
        `No token is named ${JSON.stringify(identifier)} or has that id; run tokens list to see them.`,
      );
    }
    context.db.prepare("DELETE FROM access_tokens WHERE id = ?").run(row.id);
    return { ok: true, token: toAccessToken(row) };
  });
}
