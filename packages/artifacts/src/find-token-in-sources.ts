import type { ArtifactCandidate } from "./failure.js";
import { candidateOf, type FoundArtifact, matchArtifacts } from "./find-artifact.js";
import { openRepository, type Repository } from "./open-repository.js";

/** A registered source, as the caller knows it. */
export type KnownSource = { name: string; path: string; token?: string };

export type SourceMatch = {
  source: KnownSource;
  /** `<source>/<token>`: the source by name, or by its token when another source shares the name. */
  identifier: string;
  repository: Repository;
  artifact: FoundArtifact;
};

/**
 * Every change and spec of every source whose token starts with `token`.
 * Each repository is searched once, however many sources lead to it; lookups
 * read the cached listings, so a source without a match costs a few stats.
 */
export function findTokenInSources(token: string, sources: readonly KnownSource[]): SourceMatch[] {
  const names = new Map<string, number>();
  for (const source of sources) {
    const key = source.name.toLowerCase();
    names.set(key, (names.get(key) ?? 0) + 1);
  }
  const seen = new Set<string>();
  const matches: SourceMatch[] = [];
  for (const source of sources) {
    const opened = openRepository(source.path, { searchUpward: false });
    if (!opened.ok || seen.has(opened.repository.realRoot)) continue;
    seen.add(opened.repository.realRoot);
    const sourceId =
      (names.get(source.name.toLowerCase()) ?? 0) > 1 && source.token !== undefined
        ? source.token
        : source.name;
    for (const artifact of matchArtifacts(opened.repository, token)) {
      matches.push({
        source,
        identifier: `${sourceId}/${artifact.token}`,
        repository: opened.repository,
        artifact,
      });
    }
  }
  return matches;
}

/** A match as an `ambiguous_artifact` candidate. */
export function sourceCandidate(match: SourceMatch): ArtifactCandidate {
  return {
    ...candidateOf(match.artifact),
    source: match.source.name,
    identifier: match.identifier,
  };
}
