import { foldName } from "./lookup-key.js";
import { matchSources } from "./match-sources.js";
import type { SourceResult } from "./registry.js";
import type { RegistryDatabase } from "./registry-database.js";
import type { SourceRow } from "./schema.js";
import { SOURCE_COLUMNS, selectAllSources } from "./select-all-sources.js";
import { sourceNotFound } from "./source-not-found.js";

/**
 * Resolves an identifier: a token, then a vanity name, then the basename of a
 * source without one (all ignoring case). The token comes first because it is
 * the one identifier that never changes: a folder or name that happens to
 * spell another source's token must not take its writes. More than one match
 * at the same step is an ambiguity, never a pick.
 */
export function findSource(db: RegistryDatabase, identifier: string): SourceResult {
  const candidates = db
    .prepare<[string, string], SourceRow>(
      `SELECT ${SOURCE_COLUMNS} FROM sources WHERE lookup_key = ? OR token = ? ORDER BY created_at, id`,
    )
    .all(foldName(identifier), identifier.toLowerCase());
  return matchSources(identifier, candidates) ?? sourceNotFound(identifier, selectAllSources(db));
}
