import {
  listActiveChangeFolders,
  type Repository,
  readActiveChangeFoldersAhead,
} from "@org/openspec-artifacts";

export type PickedChange =
  | { change: string; note?: string; activeChanges?: undefined }
  | { change: undefined; note?: undefined; activeChanges: string[] };

/**
 * The change a call is about: the one named, or, when none is named and the
 * repository has exactly one active change, that one (said in a note); else
 * none, with the active changes to offer. A named change is taken as named
 * without listing the others: on a team server with thousands of changes,
 * a call about one change reads only that change. The changes folder is read
 * in batches first, so thousands of changes never hold other callers.
 */
export async function pickChange(
  repository: Repository,
  named: string | undefined,
): Promise<PickedChange> {
  if (named !== undefined) return { change: named };
  await readActiveChangeFoldersAhead(repository);
  const activeChanges = listActiveChangeFolders(repository);
  const [only] = activeChanges;
  if (only !== undefined && activeChanges.length === 1) {
    return {
      change: only,
      note: `No change was named, so the only active change "${only}" was used.`,
    };
  }
  return { change: undefined, activeChanges };
}
