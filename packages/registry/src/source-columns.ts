import { aliasedColumns } from "./aliased-columns.js";
import type { SourceRow } from "./schema.js";

/**
 * What every statement that reads or returns sources selects: each column of
 * `sources`, keyed as a `SourceRow`. The registry runs plain SQL so that
 * opening and reading it never loads drizzle; a test holds this to the schema.
 */
export const SOURCE_ROW = aliasedColumns([
  "id",
  "token",
  "name",
  "path",
  "lookupKey",
  "createdAt",
  "updatedAt",
] satisfies (keyof SourceRow)[]);
