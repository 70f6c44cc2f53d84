import { lstatSync, mkdirSync, renameSync, rmdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { changeToken } from "./artifact-token.js";
import { checkSegment } from "./check-name.js";
import { readFolderEntries } from "./cli-listing/read-folder-entries.js";
import { containedRealPath } from "./contained-path.js";
import { codeOf } from "./error-code.js";
import { messageOf } from "./error-message.js";
import { type Failure, failure } from "./failure.js";
import { isFile } from "./is-file.js";
import { listDeltaSpecIds } from "./list-delta-spec-ids.js";
import type { Repository } from "./open-repository.js";
import { pathExists } from "./path-exists.js";

/** The `YYYY-MM-DD-` prefix `openspec archive` puts before a change's name. */
const DATED = /^(\d{4}-\d{2}-\d{2})-(.+)$/;

export type UnarchivedChange = {
  ok: true;
  change: string;
  token: string;
  /** The archive folder it came from, e.g. `2026-12-03-add-passkeys`. */
  archived_as: string;
  /** Where it was, relative to the repository root. */
  from: string;
  /** Where it is now, relative to the repository root. */
  path: string;
  /** Baseline specs the change has delta specs for: archive merged them, and they stay merged. */
  specs_not_rolled_back: { id: string; path: string }[];
};

/**
 * Moves `openspec/changes/archive/<date>-<name>` back to
 * `openspec/changes/<name>` with one rename, never over an existing change
 * and never through a symlink. `change` is the plain name, or the archive
 * folder's own name when the plain name matches several. The archive and
 * the change's delta specs are listed in batches, so an archive of 100,000
 * changes never holds a server's other callers.
 */
export async function unarchiveChange(
  repository: Repository,
  options: { change: string },
): Promise<UnarchivedChange | Failure> {
  const invalid = checkSegment("change", options.change);
  if (invalid) return invalid;
  const changesDir = join(repository.openspecDir, "changes");
  const archiveDir = join(changesDir, "archive");
  for (const folder of [repository.openspecDir, changesDir, archiveDir]) {
    const odd = checkRealFolder(repository, folder);
    if (odd) return odd;
  }
  const found = await findArchived(repository, archiveDir, options.change);
  if ("ok" in found) return found;
  const { entry, name } = found;
  const source = join(archiveDir, entry);
  const odd = checkRealFolder(repository, source);
  if (odd) return odd;
  const bad = checkSegment("change", name);
  if (bad || name === "archive") {
    return failure("invalid_name", `The archive folder "${entry}" does not name a change.`, {
      fix: "Move it back by hand under the name it should have.",
    });
  }
  const target = join(changesDir, name);
  if (pathExists(target)) return changeExists(repository, name, entry);
  if (statSync(source).dev !== statSync(changesDir).dev) {
    return failure(
      "write_failed",
      `openspec/changes/archive/${entry} is on another filesystem than openspec/changes, so it cannot be moved back in one step.`,
      { fix: "Move the folder back by hand, or mount both on one filesystem." },
    );
  }
  const moved = moveWithoutReplacing(source, target);
  if (moved === "exists") return changeExists(repository, name, entry);
  if (moved !== "moved") {
    return failure("write_failed", `Could not move ${entry} back: ${moved}.`, {
      fix: "Check the permissions of openspec/changes, then call again.",
    });
  }
  return {
    ok: true,
    change: name,
    token: changeToken(name),
    archived_as: entry,
    from: relative(repository.root, source),
    path: relative(repository.root, target),
    specs_not_rolled_back: await mergedSpecs(repository, target),
  };
}

/** The archive folder meant by `change`: itself when dated and present, else the one `<date>-<change>`. */
async function findArchived(
  repository: Repository,
  archiveDir: string,
  change: string,
): Promise<{ entry: string; name: string } | Failure> {
  const read = await readFolderEntries(archiveDir, Number.POSITIVE_INFINITY);
  const entries = (read as { name: string }[]).map((entry) => entry.name);
  const dated = DATED.exec(change);
  if (dated?.[2] !== undefined && entries.includes(change)) {
    return { entry: change, name: dated[2] };
  }
  const matches = entries.filter((entry) => DATED.exec(entry)?.[2] === change).sort();
  if (matches.length === 1 && matches[0] !== undefined) return { entry: matches[0], name: change };
  if (matches.length > 1) {
    return failure(
      "ambiguous_artifact",
      `${matches.length} archived changes are called "${change}": ${matches.join(", ")}.`,
      {
        fix: "Pass the archive folder's name, e.g. the newest one, as {field:change}.",
        candidates: matches.map((entry) => ({
          kind: "change" as const,
          name: entry,
          token: changeToken(entry),
          archived: true as const,
        })),
      },
    );
  }
  return failure(
    "change_not_found",
    `No archived change "${change}" in ${relative(repository.root, archiveDir)}.`,
    {
      fix: "Call {tool:openspec_context} with the source to list its changes, and pass an archived one.",
    },
  );
}

/** Refuses a folder that is missing, a symlink, or not a folder: a rename must not pass through one. */
function checkRealFolder(repository: Repository, path: string): Failure | null {
  const shown = relative(repository.root, path);
  let stats: ReturnType<typeof lstatSync>;
  try {
    stats = lstatSync(path);
  } catch {
    return failure("change_not_found", `${shown} does not exist, so nothing is archived there.`, {
      fix: "Call {tool:openspec_context} with the source to list its changes.",
    });
  }
  if (stats.isSymbolicLink()) {
    const inside = containedRealPath(repository, path) !== null;
    return failure(
      inside ? "invalid_input" : "path_outside_repository",
      inside
        ? `${shown} is a symlink; only a real folder is moved back.`
        : `${shown} is a symlink that leads outside ${repository.root}.`,
      { fix: "Replace the symlink with the folder itself, then call again." },
    );
  }
  if (!stats.isDirectory()) {
    return failure("invalid_input", `${shown} is not a folder.`, {
      fix: "Remove or rename that file, then call again.",
    });
  }
  return containedRealPath(repository, path) === null
    ? failure("path_outside_repository", `${shown} leads outside ${repository.root}.`, {
        fix: "Replace the symlinked parent folder with a real folder.",
      })
    : null;
}

/**
 * Claims the target with mkdir (which fails when anything is there), then
 * renames onto that empty claim: a change that appears meanwhile is never
 * replaced, because rename refuses a folder that is no longer empty.
 */
function moveWithoutReplacing(source: string, target: string): "moved" | "exists" | string {
  try {
    mkdirSync(target);
  } catch (error) {
    return codeOf(error) === "EEXIST" ? "exists" : messageOf(error);
  }
  try {
    renameSync(source, target);
    return "moved";
  } catch (error) {
    const code = codeOf(error);
    try {
      rmdirSync(target);
    } catch {
      // Someone wrote into the claim: it is theirs now.
    }
    return code === "ENOTEMPTY" || code === "EEXIST" ? "exists" : messageOf(error);
  }
}

/** The change's delta spec ids that have a baseline spec, sorted. */
async function mergedSpecs(
  repository: Repository,
  changeDir: string,
): Promise<{ id: string; path: string }[]> {
  return (await listDeltaSpecIds(changeDir)).flatMap((id) => {
    const baseline = join(repository.openspecDir, "specs", ...id.split("/"), "spec.md");
    const present = isFile(baseline) && containedRealPath(repository, baseline) !== null;
    return present ? [{ id, path: relative(repository.root, baseline) }] : [];
  });
}

function changeExists(repository: Repository, name: string, entry: string): Failure {
  return failure(
    "change_exists",
    `An active change "${name}" already exists in ${repository.root}, so ${entry} stays archived.`,
    { fix: `Archive or rename the active change "${name}" first, then call again.` },
  );
}
