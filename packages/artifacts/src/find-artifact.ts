import { join } from "node:path";
import { changeHash, isToken, SHORT_TOKEN_LENGTH, shortToken, specHash } from "./artifact-token.js";
import { type ArtifactCandidate, type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import { type ChangeEntry, changeFoldersIn } from "./scan-changes.js";
import { type SpecEntry, scanSpecFiles } from "./scan-specs.js";

export type FoundArtifact =
  | { kind: "change"; change: ChangeEntry }
  | { kind: "spec"; spec: SpecEntry };

/**
 * Finds one change or spec by token (`os_` and 6 or more hex digits of its
 * hash), by change folder name, or by spec id. Several matches are a failure
 * that lists them with tokens long enough to tell them apart.
 */
export function findArtifact(
  repository: Repository,
  reference: string,
): { ok: true; artifact: FoundArtifact } | Failure {
  const token = isToken(reference) ? reference.slice(3) : undefined;
  const specId = reference.endsWith("/spec.md")
    ? reference.slice(0, -"/spec.md".length)
    : reference;
  // Only the changes whose name or hash matches are checked for a proposal, so
  // a lookup reads two folder listings, not every change.
  const wanted =
    token === undefined
      ? (name: string) => name === reference
      : (name: string) => changeHash(name).startsWith(token);
  const changesDir = join(repository.openspecDir, "changes");
  const changes = [
    ...changeFoldersIn(repository, changesDir, false, wanted),
    ...changeFoldersIn(repository, join(changesDir, "archive"), true, wanted),
  ];
  const specs = scanSpecFiles(repository, join(repository.openspecDir, "specs")).filter((spec) =>
    token === undefined ? spec.id === specId : specHash(spec.path).startsWith(token),
  );
  const matches: FoundArtifact[] = [
    ...changes.map((change) => ({
      kind: "change" as const,
      change: { ...change, hash: changeHash(change.name) },
    })),
    ...specs.map((spec) => ({
      kind: "spec" as const,
      spec: { ...spec, hash: specHash(spec.path) },
    })),
  ];

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
      candidates: distinguishingCandidates(matches),
    },
  );
}

/** The shortest token (at least six digits) that tells each match from the others. */
function distinguishingCandidates(matches: FoundArtifact[]): ArtifactCandidate[] {
  const hashes = matches.map(hashOf);
  return matches.map((match, index) => {
    const hash = hashes[index] ?? "";
    let length = SHORT_TOKEN_LENGTH;
    while (
      length < hash.length &&
      hashes.some((other, j) => j !== index && other.startsWith(hash.slice(0, length)))
    ) {
      length += 1;
    }
    return match.kind === "change"
      ? { kind: "change", name: match.change.name, token: shortToken(hash, length) }
      : { kind: "spec", name: match.spec.id, token: shortToken(hash, length) };
  });
}

function hashOf(match: FoundArtifact): string {
  return match.kind === "change" ? match.change.hash : match.spec.hash;
}
