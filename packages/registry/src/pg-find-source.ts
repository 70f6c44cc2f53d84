import { asc, eq, or } from "drizzle-orm";
import { foldName } from "./lookup-key.js";
import { matchSources } from "./match-sources.js";
import type { PgRegistryDatabase } from "./pg-registry-database.js";
import { pgSources } from "./pg-schema.js";
import type { SourceResult } from "./registry.js";
import type { Source } from "./source.js";
import { sourceNotFound } from "./source-not-found.js";
import { toSource } from "./to-source.js";

/** {@link findSource} on PostgreSQL: the same resolution order over the same rows. */
export async function pgFindSource(
  db: PgRegistryDatabase,
  identifier: string,
): Promise<SourceResult> {
  const candidates = await db
    .select()
    .from(pgSources)
    .where(
      or(
        eq(pgSources.lookupKey, foldName(identifier)),
        eq(pgSources.token, identifier.toLowerCase()),
      ),
    )
    .orderBy(asc(pgSources.createdAt), asc(pgSources.id));
  return matchSources(identifier, candidates) ?? sourceNotFound(identifier, await pgAllSources(db));
}

/** Every source, oldest first; the id breaks ties between sources added in the same millisecond. */
export async function pgAllSources(db: PgRegistryDatabase): Promise<Source[]> {
  const rows = await db
    .select()
    .from(pgSources)
    .orderBy(asc(pgSources.createdAt), asc(pgSources.id));
  return rows.map(toSource);
}
