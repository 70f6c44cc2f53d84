import { readDeltaPlan } from "./read-delta-plan.js";

/**
 * How many requirement entries (ADDED, MODIFIED, REMOVED, RENAMED) a delta
 * spec holds, read as `openspec archive` reads them: its validation counts
 * them over every delta spec of a change and refuses a change whose count is
 * 0 ("Change must have at least one delta"), besides each spec's own refusal.
 */
export function countDeltaEntries(delta: string): number {
  const plan = readDeltaPlan(delta);
  return plan.added.length + plan.modified.length + plan.removed.length + plan.renamed.length;
}
