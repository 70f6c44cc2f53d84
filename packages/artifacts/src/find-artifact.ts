import { join } from "node:path";
import { isToken, SHORT_TOKEN_LENGTH, shortToken } from "./artifact-token.js";
import { type ArtifactCandidate, type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import { type ChangeEntry, scanChanges } from "./scan-changes.js";
import { type SpecEntry, scanSpecs } from "./scan-specs.js";

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
  const changes = scanChanges(repository);
  const allChanges = [...changes.active, ...changes.archived];
  const specs = scanSpecs(repository, join(repository.openspecDir, "specs"));

  const matches: FoundArtifact[] = [];
  if (isToken(reference)) {
    const prefix = reference.slice(3);
    for (const change of allChanges) {
      if (change.hash.startsWith(prefix)) matches.push({ kind: "change", change });
    }
    for (const spec of specs) {
      if (spec.hash.startsWith(prefix)) matches.push({ kind: "spec", spec });
    }
  } else {
    const specId = reference.endsWith("/spec.md")
      ? reference.slice(0, -"/spec.md".length)
      : reference;
    for (const change of allChanges) {
      if (change.name === reference) matches.push({ kind: "change", change });
    }
    for (const spec of specs) {
      if (spec.id === specId) matches.push({ kind: "spec", spec });
    }
  }

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
