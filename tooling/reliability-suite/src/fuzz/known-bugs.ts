import type { HostAnswer } from "@org/host-harness";

/**
 * Failures caused by bugs reported in packages this suite may not change.
 * Fuzzing counts these instead of failing on them, so that it keeps finding
 * new ones; a named check for each keeps it visible until it is fixed.
 */
const KNOWN_BUGS: { id: string; matches: (result: Record<string, unknown>) => boolean }[] = [
  // None open. The ENOTDIR/ELOOP stat bug in the artifacts caches was the last one; it is fixed.
];

/** The known bug an answer shows, or null. */
export function knownBugOf(answer: HostAnswer): string | null {
  if (answer.kind !== "result" || typeof answer.result !== "object" || answer.result === null) {
    return null;
  }
  const result = answer.result as Record<string, unknown>;
  return KNOWN_BUGS.find((bug) => bug.matches(result))?.id ?? null;
}
