import type { ChangeMetadataEdit } from "./edit-change-metadata-held.js";
import type { Failure } from "./failure.js";
import { holdChangeMetadataLock } from "./hold-change-metadata-lock.js";
import type { Repository } from "./open-repository.js";

export type { ChangeMetadataEdit } from "./edit-change-metadata-held.js";

/**
 * Rewrites an active change's `.openspec.yaml` through `edit`, which gets its
 * current text (null when the file is missing) and returns the new text (null
 * to leave the file as it is) or a failure. Lets a caller keep its own keys in the file the CLI already reads,
 * so they travel with the change through git and the archive. The read and the
 * write happen under the repository's metadata lock (`holdChangeMetadataLock`),
 * so two edits take turns instead of one losing the other's keys; the file is
 * replaced atomically, and a file or folder leading out of the change folder
 * is refused.
 */
export async function editChangeMetadata(
  repository: Repository,
  change: string,
  edit: (current: string | null) => { text: string | null } | Failure,
): Promise<ChangeMetadataEdit | Failure> {
  const held = await holdChangeMetadataLock(repository, (editHeld) =>
    editHeld(repository, change, edit),
  );
  return held.ok ? held.value : held;
}
