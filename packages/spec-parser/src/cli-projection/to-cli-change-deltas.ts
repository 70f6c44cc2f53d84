import type { DeltaSpec, RemovedRequirement, Requirement } from "../types.js";
import type { CliDelta, CliDeltaOperation, CliRequirement } from "./cli-json.js";
import { toCliRequirement } from "./to-cli-requirement.js";

function requirementDelta(
  spec: string,
  operation: CliDeltaOperation,
  verb: string,
  requirement: CliRequirement,
): CliDelta {
  return {
    spec,
    operation,
    description: `${verb} requirement: ${requirement.text}`,
    requirement,
    requirements: [requirement],
  };
}

/**
 * The CLI pairs each removed name, in order, with the first unused heading
 * block of that name, so a bullet naming X borrows the body of a later
 * `### Requirement: X`; a name left without a block shows its heading.
 */
function removedRequirements(removed: RemovedRequirement[]): CliRequirement[] {
  const unused: { name: string; requirement: Requirement }[] = [];
  for (const entry of removed) {
    if (entry.requirement !== null)
      unused.push({ name: entry.name, requirement: entry.requirement });
  }
  return removed.map((entry) => {
    const index = unused.findIndex((block) => block.name === entry.name);
    if (index < 0) return { text: `Requirement: ${entry.name}`, scenarios: [] };
    return toCliRequirement(unused.splice(index, 1)[0]!.requirement);
  });
}

/** The `deltas` one delta spec contributes to `openspec show <change> --json`, in the CLI's order. */
export function toCliChangeDeltas(spec: string, delta: DeltaSpec): CliDelta[] {
  return [
    ...delta.added.map((requirement) =>
      requirementDelta(spec, "ADDED", "Add", toCliRequirement(requirement)),
    ),
    ...delta.modified.map((requirement) =>
      requirementDelta(spec, "MODIFIED", "Modify", toCliRequirement(requirement)),
    ),
    ...removedRequirements(delta.removed).map((requirement) =>
      requirementDelta(spec, "REMOVED", "Remove", requirement),
    ),
    ...delta.renamed.map(
      ({ from, to }): CliDelta => ({
        spec,
        operation: "RENAMED",
        description: `Rename requirement from "${from}" to "${to}"`,
        rename: { from, to },
      }),
    ),
  ];
}
