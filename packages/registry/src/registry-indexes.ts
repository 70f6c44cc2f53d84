/** An index both dialects' tables have; `namedOnly` makes it partial: rows with a vanity name. */
export interface RegistryIndex<Column extends string> {
  readonly name: string;
  readonly column: Column;
  readonly unique: boolean;
  readonly namedOnly?: boolean;
}

/**
 * The indexes of `sources`, written once for src/schema.ts and src/pg-schema.ts.
 * `lookup_key` makes resolving an index lookup; its partial unique index keeps
 * vanity names unique.
 */
export const SOURCE_INDEXES: readonly RegistryIndex<"token" | "path" | "lookupKey">[] = [
  { name: "sources_token_unique", column: "token", unique: true },
  { name: "sources_path_unique", column: "path", unique: true },
  { name: "sources_lookup_key", column: "lookupKey", unique: false },
  { name: "sources_vanity_name_unique", column: "lookupKey", unique: true, namedOnly: true },
];

/** The indexes of `access_tokens`: a token is found by its hash, revoked by its name. */
export const ACCESS_TOKEN_INDEXES: readonly RegistryIndex<"name" | "hash">[] = [
  { name: "access_tokens_name_unique", column: "name", unique: true },
  { name: "access_tokens_hash_unique", column: "hash", unique: true },
];
