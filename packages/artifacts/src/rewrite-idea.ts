import { basename, dirname } from "node:path";
import { isInsideRoot } from "./contained-path.js";
import { type Failure, failure } from "./failure.js";
import { holdFolderLock } from "./hold-folder-lock.js";
import { lockFailure } from "./lock-failure.js";
import { openFolderInside } from "./open-folder-inside.js";
import type { Repository } from "./open-repository.js";
import { readContainedFile } from "./read-contained-text.js";
import { DEFAULT_MAX_ARTIFACT_BYTES } from "./read-regular-file.js";
import { isReported, readFailure } from "./read-warning.js";
import type { IdeaFile } from "./scan-ideas.js";
import { writeFileAtomic } from "./write-file-atomic.js";

/** The lock an idea's rewrites take turns on, in the ideas folder. */
const IDEAS_LOCK = ".openspec-ideas.lock";

/**
 * Reads an idea, passes its text to `change`, and writes what comes back in
 * its place atomically, under a lock in the ideas folder so an evaluation and
 * a promotion link written at once both land. An idea larger than the
 * artifact cap is refused rather than cut.
 */
export async function rewriteIdea(
  repository: Repository,
  idea: IdeaFile,
  change: (text: string) => string,
): Promise<{ ok: true; text: string } | Failure> {
  const opened = openFolderInside(repository, dirname(idea.file), { create: false });
  if (!opened.ok) return opened;
  try {
    const held = await holdFolderLock(
      opened.handle,
      IDEAS_LOCK,
      (): { ok: true; text: string } | Failure => {
        const read = readContainedFile(repository, idea.file, DEFAULT_MAX_ARTIFACT_BYTES);
        if (!read.ok) {
          return isReported(read.code)
            ? readFailure(repository, idea.file, read.code)
            : failure("idea_not_found", `${idea.path} is gone or leads outside the repository.`, {
                fix: "Call {tool:openspec_context} with the source to list its ideas.",
              });
        }
        if (read.truncated) {
          return failure(
            "file_too_large",
            `${idea.path} is larger than ${DEFAULT_MAX_ARTIFACT_BYTES} bytes.`,
            {
              fix: "Shorten the idea by hand, then call again.",
              path: idea.path,
            },
          );
        }
        const text = change(read.text);
        const written = writeFileAtomic(
          opened.handle,
          basename(idea.file),
          text,
          { overwrite: true },
          (real) => isInsideRoot(repository, real),
        );
        if (!written.ok) {
          return failure(
            written.reason === "outside" ? "path_outside_repository" : "write_failed",
            written.error,
            {
              fix: "Call again once nothing else is moving the ideas folder.",
            },
          );
        }
        return { ok: true, text };
      },
    );
    if (!held.ok) return lockFailure(idea.path, held, "update");
    return held.value;
  } finally {
    opened.handle.close();
  }
}
