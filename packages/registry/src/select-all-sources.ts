import { asc } from "drizzle-orm";
import type { RegistryDatabase } from "./registry-database.js";
import { sources } from "./schema.js";
import type { Source } from "./source.js";
import { toSource } from "./to-source.js";

/** Every source, oldest first; the id breaks ties between sources added in the same millisecond. */
export function selectAllSources(db: RegistryDatabase): Source[] {
  return db
    .select()
    .from(sources)
    .orderBy(asc(sources.createdAt), asc(sources.id))
    .all()
    .map(toSource);
}
