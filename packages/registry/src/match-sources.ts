import { foldName } from "./lookup-key.js";
import type { SourceResult } from "./registry.js";
import { registryFailure } from "./registry-failure.js";
import type { SourceRow } from "./schema.js";
import { toSource } from "./to-source.js";

/**
 * Picks what `identifier` resolves to among the rows whose token or lookup key
 * matched it (oldest first): the token first, since it never changes, then a
 * vanity name, then the basename of an unnamed source. More than one match at
 * the same step is an ambiguity, never a pick; `undefined` when none matched.
 * Shared by the SQLite and PostgreSQL registries, which only fetch the rows.
 */
export function matchSources(
  identifier: string,
  candidates: readonly SourceRow[],
): SourceResult | undefined {
  const key = foldName(identifier);
  const token = identifier.toLowerCase();
  const byToken = candidates.filter((row) => row.token === token);
  const named = candidates.filter((row) => row.lookupKey === key && row.name !== null);
  const unnamed = candidates.filter((row) => row.lookupKey === key && row.name === null);
  const matches = [byToken, named, unnamed].find((step) => step.length > 0) ?? [];
  const [first, ...others] = matches.map(toSource);
  if (first === undefined) return undefined;
  if (others.length === 0) return { ok: true, source: first };
  const listed = [first, ...others].map((source) => `${source.token} at ${source.path}`);
  return registryFailure(
    "ambiguous_source",
    `${JSON.stringify(identifier)} matches ${matches.length} sources (${listed.join(", ")}); use a token or give one of them a vanity name.`,
    [first, ...others],
  );
}
