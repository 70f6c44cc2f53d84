import { listActiveChangeFolders, type Repository } from "@org/openspec-artifacts";

export type PickedChange = { change: string | undefined; note?: string; activeChanges: string[] };

/**
 * The change a call is about: the one named, or, when none is named and the
 * repository has exactly one active change, that one (said in a note).
 */
export function pickChange(repository: Repository, named: string | undefined): PickedChange {
  const activeChanges = listActiveChangeFolders(repository);
  if (named !== undefined) return { change: named, activeChanges };
  const [only] = activeChanges;
  if (only !== undefined && activeChanges.length === 1) {
    return {
      change: only,
      note: `No change was named, so the only active change "${only}" was used.`,
      activeChanges,
    };
  }
  return { change: undefined, activeChanges };
}
