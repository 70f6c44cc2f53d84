import { isToken } from "./artifact-token.js";
import { type Failure, failure } from "./failure.js";
import { candidateOf, findArtifact } from "./find-artifact.js";
import type { Repository } from "./open-repository.js";

/** The change folder a reference names, and whether it is archived. */
export type NamedChange = { ok: true; name: string; archived: boolean };

/**
 * The change folder name a caller means: a name as given, or the change an
 * `os_` token names (as `openspec_context` and every write hand them out), so
 * a tool that takes change names takes the tokens people copy as well. A
 * token of a spec or an idea, or of nothing, is `change_not_found`; one that
 * several artifacts share is `ambiguous_artifact` with their longer tokens.
 */
export function changeNameOf(repository: Repository, reference: string): NamedChange | Failure {
  if (!isToken(reference)) return { ok: true, name: reference, archived: false };
  const found = findArtifact(repository, reference);
  if (!found.ok) {
    if (found.code === "ambiguous_artifact") return found;
    return failure(
      "change_not_found",
      `No change in ${repository.root} has the token "${reference}".`,
      {
        fix: "Call {tool:openspec_context} with the source to list its changes with their tokens.",
      },
    );
  }
  const { artifact } = found;
  if (artifact.kind !== "change") {
    const named = candidateOf(artifact);
    return failure(
      "change_not_found",
      `The token "${reference}" names the ${named.kind} "${named.name}", not a change.`,
      { fix: "Pass a change's name or token; {tool:openspec_context} lists them." },
    );
  }
  return { ok: true, name: artifact.change.name, archived: artifact.change.archived };
}
