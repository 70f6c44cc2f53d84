import { join } from "node:path";
import { ideaHash, isToken, specHash, TOKEN_PREFIX } from "./artifact-token.js";
import { type ArtifactCandidate, type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import { type IdeaEntry, type RepositoryTokens, repositoryTokens } from "./repository-tokens.js";
import { type ChangeEntry, changeFoldersIn } from "./scan-changes.js";
import { scanIdeas } from "./scan-ideas.js";
import { type SpecEntry, type SpecFile, scanSpecFiles } from "./scan-specs.js";

/** A change, spec or idea, with the shortest token that names it alone in its repository. */
export type FoundArtifact =
  | { kind: "change"; change: ChangeEntry; token: string }
  | { kind: "spec"; spec: SpecEntry; token: string }
  | { kind: "idea"; idea: IdeaEntry; token: string };

const ARCHIVE_PREFIX = "archive/";
const IDEAS_PREFIX = "ideas/";

/**
 * Finds one change, spec or idea by token (`os_` and 6 or more hex digits of
 * its hash), by change folder name (`archive/<name>` for an archived change
 * only), by spec id, or as `ideas/<slug>`. Several matches are a failure that lists them with tokens
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
        fix: "Call {tool:openspec_context} with the bare source name to list its changes and specs with their tokens.",
      },
    );
  }
  return failure(
    "ambiguous_artifact",
    `"${reference}" matches ${matches.length} artifacts in ${repository.root}.`,
    {
      fix: "Pass one of the identifiers (or tokens) listed in candidates; each names one artifact.",
      candidates: matches.map(candidateOf),
    },
  );
}

/** Every change and spec that `reference` names, each with its repository-wide token. */
export function matchArtifacts(repository: Repository, reference: string): FoundArtifact[] {
  const specs = scanSpecFiles(repository, join(repository.openspecDir, "specs"));
  const tokens = repositoryTokens(repository, specs);
  const found = isToken(reference)
    ? tokens.startingWith(reference.slice(TOKEN_PREFIX.length))
    : byName(repository, reference, specs, tokens);
  const matches: FoundArtifact[] = [
    ...found.changes.map((change) => ({
      kind: "change" as const,
      change,
      token: tokens.tokenOf(change.hash),
    })),
    ...found.specs.map((spec) => ({
      kind: "spec" as const,
      spec,
      token: tokens.tokenOf(spec.hash),
    })),
    ...found.ideas.map((idea) => ({
      kind: "idea" as const,
      idea,
      token: tokens.tokenOf(idea.hash),
    })),
  ];
  // A token handed out for exactly one of them names that one: a bare change
  // folder's longer token starts with the six digits a kept artifact goes by.
  const handedOut = matches.filter((match) => match.token === reference);
  return handedOut.length === 1 ? handedOut : matches;
}

/** The changes named `reference` (or `archive/<name>`, archived only) and the spec whose id it is. */
function byName(
  repository: Repository,
  reference: string,
  specs: SpecFile[],
  tokens: RepositoryTokens,
): { changes: ChangeEntry[]; specs: SpecEntry[]; ideas: IdeaEntry[] } {
  const ideaSlug = reference.startsWith(IDEAS_PREFIX)
    ? reference.slice(IDEAS_PREFIX.length).replace(/\.md$/, "")
    : undefined;
  const specId = reference.endsWith("/spec.md")
    ? reference.slice(0, -"/spec.md".length)
    : reference;
  const archivedName = reference.startsWith(ARCHIVE_PREFIX)
    ? reference.slice(ARCHIVE_PREFIX.length)
    : undefined;
  // Only the folders of that name are checked for a proposal.
  const changes = [
    ...changeFoldersIn(repository, false, (name) => name === reference),
    ...changeFoldersIn(repository, true, (name) => name === reference || name === archivedName),
  ];
  return {
    changes: changes.map((change) => ({
      ...change,
      hash: tokens.changeHash(change.name, change.archived),
    })),
    specs: specs
      .filter((spec) => spec.id === specId)
      .map((spec) => ({ ...spec, hash: specHash(spec.path) })),
    ideas:
      ideaSlug === undefined
        ? []
        : scanIdeas(repository)
            .filter((idea) => idea.slug === ideaSlug)
            .map((idea) => ({ ...idea, hash: ideaHash(idea.slug) })),
  };
}

export function candidateOf(match: FoundArtifact): ArtifactCandidate {
  if (match.kind === "idea") return { kind: "idea", name: match.idea.slug, token: match.token };
  return match.kind === "change"
    ? {
        kind: "change",
        name: match.change.name,
        token: match.token,
        ...(match.change.archived ? { archived: true } : {}),
      }
    : { kind: "spec", name: match.spec.id, token: match.token };
}
