import { join } from "node:path";
import { archiveName } from "./archive-name.js";
import { checkWritableInside } from "./check-writable-inside.js";
import { discoverDeltaSpecs } from "./discover-delta-specs.js";
import type { Failure } from "./failure.js";
import { locateActiveChangeInTurns } from "./locate-active-change-in-turns.js";
import type { Repository } from "./open-repository.js";
import { DEFAULT_MAX_ARTIFACT_BYTES } from "./read-regular-file.js";

export type ArchiveWritesOptions = {
  change: string;
  /** The archive leaves openspec/specs alone (`--skip-specs`), so only the move is checked. */
  skipSpecs?: boolean;
  maxBytes?: number;
  /** The moment the archive date is taken from (local time); now by default. */
  now?: Date;
};

/**
 * Refuses the archive of `change` when any path `openspec archive` writes or
 * moves to leads out of the repository through a symlink: each main spec a
 * delta spec merges into (`openspec/specs` itself, every folder of the id,
 * the `spec.md`), the change folder, `openspec/changes/archive` and the
 * change's destination in it. The pinned CLI follows a capability folder
 * linked out of the project on purpose and only warns on stderr (and a link
 * higher up, `specs/area` for `area/auth`, without any warning), so this runs
 * before the CLI, and before a preview, which would otherwise show the write
 * as a new spec.
 */
export async function checkArchiveWrites(
  repository: Repository,
  options: ArchiveWritesOptions,
): Promise<Failure | null> {
  const located = await locateActiveChangeInTurns(repository, options.change);
  if ("ok" in located) return located;
  const written: string[] = [];
  if (options.skipSpecs !== true) {
    const discovery = await discoverDeltaSpecs(
      repository,
      join(located.changeDir, "specs"),
      options.maxBytes ?? DEFAULT_MAX_ARTIFACT_BYTES,
    );
    if ("ok" in discovery) return discovery;
    for (const { id } of discovery.specs) {
      written.push(join(repository.openspecDir, "specs", ...id.split("/"), "spec.md"));
    }
  }
  const archiveDir = join(repository.openspecDir, "changes", "archive");
  written.push(
    located.changeDir,
    archiveDir,
    join(archiveDir, archiveName(options.change, options.now)),
  );
  for (const path of written) {
    const outside = checkWritableInside(
      repository,
      path,
      (link) =>
        `Replace the symlink ${link}, which openspec archive would write through, with a real folder or file inside the repository.`,
    );
    if (outside) return outside;
  }
  return null;
}
