import { join } from "node:path";
import { isDirectory, type Repository } from "@org/openspec-artifacts";
import type { ChangeSequence } from "./change-sequence.js";
import { readChangeSequence } from "./read-change-sequence.js";

/**
 * A change's sequence as answers show it: also which changes it needs are still active, and
 * the group and dependencies again under the earlier Python plugin's names.
 */
export type SequenceView = ChangeSequence & {
  blocked_by: string[];
  groupId: string;
  dependsOn: string[];
};

/**
 * The sequence of the active change `change` and what blocks it, or null when
 * it is in none. A change it needs blocks it while that change is still an
 * active folder; once archived (or gone) it no longer does.
 */
export function sequenceView(repository: Repository, change: string): SequenceView | null {
  const sequence = readChangeSequence(repository, change);
  if (sequence === null) return null;
  return {
    ...sequence,
    blocked_by: sequence.depends_on.filter((name) =>
      isDirectory(join(repository.openspecDir, "changes", name)),
    ),
    groupId: sequence.group,
    dependsOn: sequence.depends_on,
  };
}
