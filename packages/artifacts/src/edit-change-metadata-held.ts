import { join, relative, sep } from "node:path";
import { containedRealPath, isInsideRoot } from "./contained-path.js";
import { entryKind } from "./entry-kind.js";
import { type Failure, failure } from "./failure.js";
import { findLinkLoop, linkLoopFailure } from "./find-link-loop.js";
import { locateActiveChange } from "./locate-active-change.js";
import { openFolderInside } from "./open-folder-inside.js";
import type { Repository } from "./open-repository.js";
import { readContainedFile } from "./read-contained-text.js";
import { writeFileAtomic } from "./write-file-atomic.js";

/** The change's metadata file, which the OpenSpec CLI reads and never rewrites. */
const METADATA = ".openspec.yaml";
/** Far above any real metadata file (a few lines); a larger one is not edited. */
const MAX_METADATA_BYTES = 64 * 1024;

export type ChangeMetadataEdit = {
  ok: true;
  /** The metadata file, relative to the repository root. */
  path: string;
  /** Whether the file's bytes changed. */
  changed: boolean;
};

/**
 * Rewrites an active change's `.openspec.yaml` through `edit`, for a caller
 * that already holds the repository's metadata lock (`holdChangeMetadataLock`):
 * synchronous, so several changes' files are read, checked and written inside
 * one hold. The file is replaced atomically, and a file or folder leading out
 * of the change folder is refused.
 */
export function editChangeMetadataHeld(
  repository: Repository,
  change: string,
  edit: (current: string | null) => { text: string | null } | Failure,
): ChangeMetadataEdit | Failure {
  const located = locateActiveChange(repository, change);
  if ("ok" in located) return located;
  const file = join(located.changeDir, METADATA);
  const path = relative(repository.root, file);
  const changeReal = containedRealPath(repository, located.changeDir);
  if (changeReal === null) return outside(repository, path);
  const opened = openFolderInside(repository, located.changeDir, { create: false });
  if (!opened.ok)
    return opened.code === "path_outside_repository" ? outside(repository, path) : opened;
  const folder = opened.handle;
  try {
    if (folder.realPath !== changeReal && !folder.realPath.startsWith(changeReal + sep)) {
      return outside(repository, path);
    }
    const kind = entryKind(folder.entry(METADATA));
    if (kind === "symlink" || kind === "other") {
      return failure("not_a_regular_file", `${path} is not a regular file.`, {
        fix: "Replace it with a plain file, then call again.",
        path,
      });
    }
    let current: string | null = null;
    if (kind === "file") {
      const read = readContainedFile(repository, file, MAX_METADATA_BYTES);
      if (!read.ok || read.truncated) {
        return failure("unreadable", `${path} cannot be read as a small UTF-8 file.`, {
          fix: "Fix or remove the file, then call again.",
          path,
        });
      }
      current = read.text;
    }
    const edited = edit(current);
    if ("ok" in edited) return edited;
    if (edited.text === null || edited.text === current) return { ok: true, path, changed: false };
    const written = writeFileAtomic(folder, METADATA, edited.text, { overwrite: true }, (real) =>
      isInsideRoot(repository, real),
    );
    if (written.ok) return { ok: true, path, changed: true };
    return written.reason === "outside"
      ? outside(repository, path)
      : failure("write_failed", written.error, {
          fix: "Call again once nothing else is writing the change.",
        });
  } finally {
    folder.close();
  }
}

function outside(repository: Repository, path: string): Failure {
  const loop = findLinkLoop(repository, join(repository.root, path));
  if (loop !== null) return linkLoopFailure(loop);
  return failure(
    "path_outside_repository",
    `${path} leads outside the change folder through a symlink.`,
    { fix: "Replace the symlink with the folder or file itself, then call again.", path },
  );
}
