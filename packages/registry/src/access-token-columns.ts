import { aliasedColumns } from "./aliased-columns.js";
import type { AccessTokenRow } from "./schema.js";

/** Each column of `access_tokens`, keyed as an `AccessTokenRow`; see SOURCE_ROW. */
export const ACCESS_TOKEN_ROW = aliasedColumns([
  "id",
  "name",
  "hash",
  "readOnly",
  "createdAt",
  "lastUsedAt",
] satisfies (keyof AccessTokenRow)[]);

/** An `access_tokens` row as SQLite returns it: `read_only` is the integer 0 or 1. */
export type StoredAccessTokenRow = Omit<AccessTokenRow, "readOnly"> & { readonly readOnly: number };
