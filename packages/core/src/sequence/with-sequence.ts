import type { Repository } from "@org/openspec-artifacts";
import { type SequenceView, sequenceView } from "./sequence-view.js";

/**
 * An active change's entry in an answer with its `sequence` (group,
 * position, what it needs first and what of that is still active) where its
 * `.openspec.yaml` records one, so an agent and the board see the order and
 * what blocks a change without another call.
 */
export function withSequence<Change extends { name: string }>(
  repository: Repository,
  change: Change,
): Change & { sequence?: SequenceView } {
  const sequence = sequenceView(repository, change.name);
  return sequence === null ? change : { ...change, sequence };
}
