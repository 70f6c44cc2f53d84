import type { RegistryDatabase } from "./registry-database.js";
import type { SourceRow } from "./schema.js";
import type { Source } from "./source.js";
import { SOURCE_ROW } from "./source-columns.js";
import { toSource } from "./to-source.js";

/** Every source, oldest first; the id breaks ties between sources added in the same millisecond. */
export function selectAllSources(db: RegistryDatabase): Source[] {
  return db
    .prepare<[], SourceRow>(`SELECT ${SOURCE_ROW} FROM sources ORDER BY created_at, id`)
    .all()
    .map(toSource);
}
