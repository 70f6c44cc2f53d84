import type { Repository } from "@org/openspec-artifacts";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import { fromArtifactFailure } from "../tools/from-artifact-failure.js";
import type { SequenceRequest } from "./set-change-sequence.js";

/**
 * The request with every change it names (in `changes`, and both sides of
 * `depends_on`) as its folder name: an `os_` token is taken as the change it
 * names, as the other tools that name changes take it. A token of an archived
 * change, a spec or an idea is refused here, naming what it is.
 */
export async function changesByName(
  repository: Repository,
  request: SequenceRequest,
): Promise<SequenceRequest | ToolFailure> {
  const { changeNameOf } = await import("@org/openspec-artifacts");
  const failures: ToolFailure[] = [];
  const nameOf = (reference: string): string => {
    const named = changeNameOf(repository, reference);
    if (!named.ok) failures.push(fromArtifactFailure(named));
    else if (named.archived) {
      failures.push(
        toolFailure(
          "change_not_found",
          `The token "${reference}" names the archived change "${named.name}", not an active change.`,
          "Leave it out, as it is done, or put it back with {tool:openspec_change_unarchive}.",
        ),
      );
    }
    return named.ok ? named.name : reference;
  };
  const changes = request.changes.map(nameOf);
  const dependsOn: Record<string, string[]> = {};
  for (const [reference, needs] of Object.entries(request.dependsOn)) {
    const name = nameOf(reference);
    // A change named once by name and once by token keeps what both say it needs.
    dependsOn[name] = [...(dependsOn[name] ?? []), ...needs.map(nameOf)];
  }
  const [first] = failures;
  return first ?? { ...request, changes, dependsOn };
}
