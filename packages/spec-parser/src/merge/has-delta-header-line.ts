/**
 * Whether a delta spec has a `## ADDED/MODIFIED/REMOVED/RENAMED Requirements`
 * line, by the archive's own test (any case, code fences included): when any
 * delta spec of a change has one, `openspec archive` validates them all
 * before merging, and its refusals are worded by validate, not by the merge.
 */
export function hasDeltaHeaderLine(delta: string): boolean {
  return /^##\s+(ADDED|MODIFIED|REMOVED|RENAMED)\s+Requirements/im.test(delta);
}
