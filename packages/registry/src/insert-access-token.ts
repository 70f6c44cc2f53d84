import { eq } from "drizzle-orm";
import type { CreateAccessTokenInput, CreatedAccessTokenResult } from "./access-token.js";
import { hashAccessTokenSecret, newAccessTokenSecret, toAccessToken } from "./hash-access-token.js";
import { ormOf } from "./orm-of.js";
import type { RegistryDatabase } from "./registry-database.js";
import { registryFailure } from "./registry-failure.js";
import { accessTokens } from "./schema.js";

/** Stores a new token under a checked name; the caller holds the write transaction. */
export function insertAccessToken(
  db: RegistryDatabase,
  input: CreateAccessTokenInput,
): CreatedAccessTokenResult {
  const orm = ormOf(db);
  const holder = orm
    .select({ id: accessTokens.id })
    .from(accessTokens)
    .where(eq(accessTokens.name, input.name))
    .get();
  if (holder !== undefined) {
    return registryFailure(
      "duplicate_access_token",
      `A token named ${JSON.stringify(input.name)} exists already; revoke it first or pick another name.`,
    );
  }
  const secret = newAccessTokenSecret();
  const row = orm
    .insert(accessTokens)
    .values({
      name: input.name,
      hash: hashAccessTokenSecret(secret),
      readOnly: input.readOnly === true,
      createdAt: Date.now(),
    })
    .returning()
    .get();
  return { ok: true, token: toAccessToken(row), secret };
}
