import type { SequenceView } from "./sequence-view.js";

/**
 * A change's place in its sequence in one line for people, as every host's
 * readable view shows it: `poc #3, blocked by phase-one` or `poc #1`.
 */
export function describeSequence(sequence: SequenceView): string {
  const place = `${sequence.group} #${sequence.position}`;
  if (sequence.blocked_by.length > 0)
    return `${place}, blocked by ${sequence.blocked_by.join(", ")}`;
  return sequence.depends_on.length > 0 ? `${place}, needs met` : place;
}
