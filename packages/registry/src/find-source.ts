import { closestSources } from "./closest-sources.js";
import { foldName } from "./lookup-key.js";
import type { SourceResult } from "./registry.js";
import type { RegistryDatabase } from "./registry-database.js";
import { registryFailure } from "./registry-failure.js";
import type { SourceRow } from "./schema.js";
import { SOURCE_COLUMNS, selectAllSources } from "./select-all-sources.js";
import { toSource } from "./to-source.js";

/**
 * Resolves an identifier: a token, then a vanity name, then the basename of a
 * source without one (all ignoring case). The token comes first because it is
 * the one identifier that never changes: a folder or name that happens to
 * spell another source's token must not take its writes. More than one match
 * at the same step is an ambiguity, never a pick.
 */
export function findSource(db: RegistryDatabase, identifier: string): SourceResult {
  const key = foldName(identifier);
  const token = identifier.toLowerCase();
  const candidates = db
    .prepare<[string, string], SourceRow>(
      `SELECT ${SOURCE_COLUMNS} FROM sources WHERE lookup_key = ? OR token = ? ORDER BY created_at, id`,
    )
    .all(key, token);
  const byToken = candidates.filter((row) => row.token === token);
  const named = candidates.filter((row) => row.lookupKey === key && row.name !== null);
  const unnamed = candidates.filter((row) => row.lookupKey === key && row.name === null);
  const matches = [byToken, named, unnamed].find((step) => step.length > 0) ?? [];
  const [first, ...others] = matches.map(toSource);
  if (first === undefined) return notFound(db, identifier);
  if (others.length === 0) return { ok: true, source: first };
  const listed = [first, ...others].map((source) => `${source.token} at ${source.path}`);
  return registryFailure(
    "ambiguous_source",
    `${JSON.stringify(identifier)} matches ${matches.length} sources (${listed.join(", ")}); use a token or give one of them a vanity name.`,
    [first, ...others],
  );
}

function notFound(db: RegistryDatabase, identifier: string): SourceResult {
  const all = selectAllSources(db);
  const closest = closestSources(identifier, all);
  const count = `${all.length} ${all.length === 1 ? "source is" : "sources are"} registered`;
  const registered =
    all.length === 0
      ? "the registry is empty, add the repository first"
      : closest.length === 0
        ? `${count}, none close to it`
        : `closest: ${closest.map((source) => `${source.displayName} (${source.token})`).join(", ")}; ${count}`;
  return registryFailure(
    "source_not_found",
    `No source is called ${JSON.stringify(identifier)}; ${registered}.`,
  );
}
