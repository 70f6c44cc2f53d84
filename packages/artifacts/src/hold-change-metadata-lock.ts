import { join } from "node:path";
import { editChangeMetadataHeld } from "./edit-change-metadata-held.js";
import type { Failure } from "./failure.js";
import { holdFolderLock } from "./hold-folder-lock.js";
import { lockFailure } from "./lock-failure.js";
import { openFolderInside } from "./open-folder-inside.js";
import type { Repository } from "./open-repository.js";

/** One lock for every change's metadata, in `openspec/changes/`, held across processes. */
const METADATA_LOCK = ".openspec-sequence.lock";

/**
 * Runs `work` while holding the repository's one lock on change metadata
 * (`openspec/changes/.openspec-sequence.lock`), handing it the synchronous
 * editor of a change's `.openspec.yaml`. A check that spans several changes
 * (a sequence with no cycle through any change's dependencies) and the writes
 * it allows happen in one hold: two callers, in one process or in two, take
 * turns over the whole read-check-write, so neither checks against files the
 * other is about to change. Per change folder locks could not give that.
 */
export async function holdChangeMetadataLock<T>(
  repository: Repository,
  work: (edit: typeof editChangeMetadataHeld) => T,
): Promise<{ ok: true; value: T } | Failure> {
  const changes = join(repository.openspecDir, "changes");
  const opened = openFolderInside(repository, changes, { create: false });
  if (!opened.ok) return opened;
  try {
    const held = await holdFolderLock(opened.handle, METADATA_LOCK, () =>
      work(editChangeMetadataHeld),
    );
    if (!held.ok) return lockFailure("openspec/changes", held, "write");
    return held;
  } finally {
    opened.handle.close();
  }
}
