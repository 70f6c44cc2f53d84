import type { RegistryDatabase } from "./registry-database.js";
import type { SourceRow } from "./schema.js";
import type { Source } from "./source.js";
import { toSource } from "./to-source.js";

/**
 * Every column of `sources` under its key in src/schema.ts. Reads are plain
 * SQL so that a command that only reads never loads drizzle (see the README);
 * every scenario that writes through drizzle and reads back holds them together.
 */
export const SOURCE_COLUMNS =
  "id, token, name, path, lookup_key AS lookupKey, created_at AS createdAt, updated_at AS updatedAt";

/** Every source, oldest first; the id breaks ties between sources added in the same millisecond. */
export function selectAllSources(db: RegistryDatabase): Source[] {
  return db
    .prepare<[], SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM sources ORDER BY created_at, id`)
    .all()
    .map(toSource);
}
