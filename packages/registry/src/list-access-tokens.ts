import type { AccessTokenListResult } from "./access-token.js";
import { registryContext } from "./create-registry.js";
import { toAccessToken } from "./hash-access-token.js";
import type { Registry } from "./registry.js";
import type { RegistryDatabase } from "./registry-database.js";
import { runGuarded } from "./run-guarded.js";
import type { AccessTokenRow } from "./schema.js";

/** Every column of `access_tokens` under its key in src/schema.ts; plain SQL, as SOURCE_COLUMNS. */
const ACCESS_TOKEN_COLUMNS =
  "id, name, hash, read_only AS readOnly, created_at AS createdAt, last_used_at AS lastUsedAt";

/** Access-token rows matching a condition (`1` for all), oldest first, as drizzle would read them. */
export function selectAccessTokens(
  db: RegistryDatabase,
  where: string,
  ...values: string[]
): AccessTokenRow[] {
  return db
    .prepare<string[], Omit<AccessTokenRow, "readOnly"> & { readOnly: number }>(
      `SELECT ${ACCESS_TOKEN_COLUMNS} FROM access_tokens WHERE ${where} ORDER BY id`,
    )
    .all(...values)
    .map((row) => ({ ...row, readOnly: row.readOnly === 1 }));
}

/** Every token, oldest first, without secrets or hashes. */
export function listAccessTokens(registry: Registry): AccessTokenListResult {
  const context = registryContext(registry);
  return runGuarded(context, () => ({
    ok: true,
    tokens: selectAccessTokens(context.db, "1").map(toAccessToken),
  }));
}
