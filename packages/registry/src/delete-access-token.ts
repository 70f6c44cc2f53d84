import { eq, type SQL } from "drizzle-orm";
import type { AccessTokenResult } from "./access-token.js";
import { toAccessToken } from "./hash-access-token.js";
import { ormOf } from "./orm-of.js";
import type { RegistryDatabase } from "./registry-database.js";
import { registryFailure } from "./registry-failure.js";
import { accessTokens } from "./schema.js";

/** Deletes the token named `identifier`, else the one with that id; the caller holds the write transaction. */
export function deleteAccessToken(db: RegistryDatabase, identifier: string): AccessTokenResult {
  const orm = ormOf(db);
  const tokenWhere = (condition: SQL) => orm.select().from(accessTokens).where(condition).get();
  const row =
    tokenWhere(eq(accessTokens.name, identifier)) ??
    (/^[1-9][0-9]{0,15}$/.test(identifier)
      ? tokenWhere(eq(accessTokens.id, Number(identifier)))
      : undefined);
  if (row === undefined) {
    return registryFailure(
      "access_token_not_found",
      `No token is named ${JSON.stringify(identifier)} or has that id; run tokens list to see them.`,
    );
  }
  orm.delete(accessTokens).where(eq(accessTokens.id, row.id)).run();
  return { ok: true, token: toAccessToken(row) };
}
