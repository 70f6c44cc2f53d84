import { join } from "node:path";
import { isToken, specHash } from "./artifact-token.js";
import { type ArtifactCandidate, type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import { repositoryTokens } from "./repository-tokens.js";
import { type ChangeEntry, changeFoldersIn } from "./scan-changes.js";
import { type SpecEntry, scanSpecFiles } from "./scan-specs.js";

/** A change or spec, with the shortest token that names it alone in its repository. */
export type FoundArtifact =
  | { kind: "change"; change: ChangeEntry; token: string }
  | { kind: "spec"; spec: SpecEntry; token: string };

const ARCHIVE_PREFIX = "archive/";

/**
 * Finds one change or spec by token (`os_` and 6 or more hex digits of its
 * hash), by change folder name (`archive/<name>` for an archived change only),
 * or by spec id. Several matches are a failure that lists them with tokens
 * long enough to tell them apart.
 */
export function findArtifact(
  repository: Repository,
  reference: string,
): { ok: true; artifact: FoundArtifact } | Failure {
  const matches = matchArtifacts(repository, reference);
  const [only] = matches;
  if (only && matches.length === 1) return { ok: true, artifact: only };
  if (matches.length === 0) {
    return failure(
      "artifact_not_found",
      `No change or spec in ${repository.root} matches "${reference}".`,
      {
        fix: "Call openspec_context with the bare source name to list its changes and specs with their tokens.",
      },
    );
  }
  return failure(
    "ambiguous_artifact",
    `"${reference}" matches ${matches.length} artifacts in ${repository.root}.`,
    {
      fix: "Use one of the longer tokens listed in candidates.",
      candidates: matches.map(candidateOf),
    },
  );
}

/** Every change and spec that `reference` names, each with its repository-wide token. */
export function matchArtifacts(repository: Repository, reference: string): FoundArtifact[] {
  const token = isToken(reference) ? reference.slice(3) : undefined;
  const specId = reference.endsWith("/spec.md")
    ? reference.slice(0, -"/spec.md".length)
    : reference;
  const specs = scanSpecFiles(repository, join(repository.openspecDir, "specs"));
  const tokens = repositoryTokens(repository, specs);
  const archivedName = reference.startsWith(ARCHIVE_PREFIX)
    ? reference.slice(ARCHIVE_PREFIX.length)
    : undefined;
  // Only the changes whose name or hash matches are checked for a proposal, so
  // a lookup reads two folder listings, not every change.
  const wanted = (archived: boolean) =>
    token !== undefined
      ? (name: string) => tokens.changeHash(name, archived).startsWith(token)
      : (name: string) => name === reference || (archived && name === archivedName);
  const changes = [
    ...changeFoldersIn(repository, false, wanted(false)),
    ...changeFoldersIn(repository, true, wanted(true)),
  ];
  const matchingSpecs = specs.filter((spec) =>
    token === undefined ? spec.id === specId : specHash(spec.path).startsWith(token),
  );
  return [
    ...changes.map((change) => {
      const hash = tokens.changeHash(change.name, change.archived);
      return { kind: "change" as const, change: { ...change, hash }, token: tokens.tokenOf(hash) };
    }),
    ...matchingSpecs.map((spec) => {
      const hash = specHash(spec.path);
      return { kind: "spec" as const, spec: { ...spec, hash }, token: tokens.tokenOf(hash) };
    }),
  ];
}

export function candidateOf(match: FoundArtifact): ArtifactCandidate {
  return match.kind === "change"
    ? {
        kind: "change",
        name: match.change.name,
        token: match.token,
        ...(match.change.archived ? { archived: true } : {}),
      }
    : { kind: "spec", name: match.spec.id, token: match.token };
}
