// The earlier Python Hermes plugin's spec diff said of each requirement whether
// it was added, modified or removed, in lower case; its users read `status`.
// Every spec diff we answer (openspec_spec_diff, the archive's dry run) carries
// it next to our own `operation`, which names the delta section.
import type { SpecDiff } from "@org/openspec-artifacts";

const statusOf = {
  ADDED: "added",
  MODIFIED: "modified",
  REMOVED: "removed",
  RENAMED: "renamed",
} as const;

/** One spec's diff with `status` on each requirement. */
export function withRequirementStatus<Diff extends Pick<SpecDiff, "requirements">>(spec: Diff) {
  return {
    ...spec,
    requirements: spec.requirements.map((requirement) => ({
      ...requirement,
      status: statusOf[requirement.operation],
    })),
  };
}
