import type { DoorAnswer } from "../doors/door.js";

/**
 * Failures caused by bugs reported in packages this suite may not change.
 * Fuzzing counts these instead of failing on them, so that it keeps finding
 * new ones; an `it.fails` check for each keeps it visible until it is fixed.
 */
const KNOWN_BUGS: { id: string; matches: (result: Record<string, unknown>) => boolean }[] = [
  {
    // packages/artifacts/src/cache/cached-parser.ts: statSync(path, { throwIfNoEntry: false })
    // still throws for ENOTDIR (a spec id through a file) and ELOOP (a symlink loop).
    id: "artifacts-stat-throws",
    matches: (result) =>
      result.code === "internal_error" &&
      typeof result.error === "string" &&
      /\b(ENOTDIR|ELOOP)\b.*, stat '/.test(result.error),
  },
];

/** The known bug an answer shows, or null. */
export function knownBugOf(answer: DoorAnswer): string | null {
  if (answer.kind !== "result" || typeof answer.result !== "object" || answer.result === null) {
    return null;
  }
  const result = answer.result as Record<string, unknown>;
  return KNOWN_BUGS.find((bug) => bug.matches(result))?.id ?? null;
}
