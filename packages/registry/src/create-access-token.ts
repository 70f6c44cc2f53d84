import type { CreateAccessTokenInput, CreatedAccessTokenResult } from "./access-token.js";
import { ACCESS_TOKEN_ROW, type StoredAccessTokenRow } from "./access-token-columns.js";
import { registryContext } from "./create-registry.js";
import { hashAccessTokenSecret, newAccessTokenSecret, toAccessToken } from "./hash-access-token.js";
import type { Registry } from "./registry.js";
import { registryFailure } from "./registry-failure.js";
import { runInWriteTransaction } from "./run-guarded.js";
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
    const holder = context.db.prepare("SELECT id FROM access_tokens WHERE name = ?").get(name.name);
    if (holder !== undefined) {
      return registryFailure(
        "duplicate_access_token",
        `A token named ${JSON.stringify(name.name)} exists already; revoke it first or pick another name.`,
      );
    }
    const secret = newAccessTokenSecret();
    const row = context.db
      .prepare<[Omit<StoredAccessTokenRow, "id">], StoredAccessTokenRow>(
        `INSERT INTO access_tokens (name, hash, read_only, created_at, last_used_at)
         VALUES (@name, @hash, @readOnly, @createdAt, @lastUsedAt) RETURNING ${ACCESS_TOKEN_ROW}`,
      )
      .get({
        name: name.name,
        hash: hashAccessTokenSecret(secret),
        readOnly: input.readOnly === true ? 1 : 0,
        createdAt: Date.now(),
        lastUsedAt: null,
      });
    if (row === undefined) throw new Error("INSERT ... RETURNING gave no row");
    return { ok: true, token: toAccessToken(row), secret };
  });
}
