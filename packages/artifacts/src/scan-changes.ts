import { existsSync } from "node:fs";
import { join } from "node:path";
import { changeHash } from "./artifact-token.js";
import { cachedFolderReader } from "./cache/cached-folder-reader.js";
import { statOrCode } from "./cache/stat-or-null.js";
import { containedRealPath } from "./contained-path.js";
import type { Repository } from "./open-repository.js";
import { type ReadWarning, readWarning } from "./read-warning.js";

/** A change folder that holds a `proposal.md`. */
export type ChangeEntry = {
  name: string;
  archived: boolean;
  /** The full SHA-256 behind its token. */
  hash: string;
  /** The change folder. */
  dir: string;
  /** The folder may not be searched, so whether it holds a `proposal.md` is unknown; it is listed all the same. */
  unreadable?: true;
};

export type ChangeScan = { active: ChangeEntry[]; archived: ChangeEntry[] };

/** A change folder before its token is derived: what listing a repository needs. */
export type ChangeFolder = Omit<ChangeEntry, "hash">;

/** The active and archived changes of a repository, each sorted by name. */
export function scanChanges(repository: Repository): ChangeScan {
  const folders = scanChangeFolders(repository);
  const withHash = (change: ChangeFolder) => ({ ...change, hash: changeHash(change.name) });
  return { active: folders.active.map(withHash), archived: folders.archived.map(withHash) };
}

/** `scanChanges` without tokens, which a paged overview derives for one page only. */
export function scanChangeFolders(repository: Repository): {
  active: ChangeFolder[];
  archived: ChangeFolder[];
  /** Change folders (or `changes/` itself) that may not be read. */
  warnings: ReadWarning[];
} {
  const changesDir = join(repository.openspecDir, "changes");
  const everyName = () => true;
  const warnings: ReadWarning[] = [];
  return {
    active: changeFoldersIn(repository, changesDir, false, everyName, warnings),
    archived: changeFoldersIn(repository, join(changesDir, "archive"), true, everyName, warnings),
    warnings,
  };
}

/**
 * The changes under one folder (`changes/` or `changes/archive/`) whose names
 * pass `wanted`, sorted by name. `proposal.md` is checked only for those, so a
 * lookup by token does not touch every change. The proposal is looked for on
 * every call: whether it exists is what makes a folder a change, and checking
 * costs no more than checking whether the folder changed.
 */
export function changeFoldersIn(
  repository: Repository,
  folder: string,
  archived: boolean,
  wanted: (name: string) => boolean,
  warnings: ReadWarning[] = [],
): ChangeFolder[] {
  const changes: ChangeFolder[] = [];
  // A changes folder that is (or sits behind) a symlink out of the repository lists nothing.
  if (containedRealPath(repository, folder) === null) return changes;
  const listing = candidatesIn(folder);
  if (listing.unreadable) warnings.push(readWarning(repository, folder, "unreadable"));
  for (const candidate of listing.candidates) {
    if (!archived && candidate.name === "archive") continue;
    if (!wanted(candidate.name)) continue;
    // A symlinked change folder counts only while it stays inside the repository.
    if (candidate.isLink && containedRealPath(repository, candidate.dir) === null) continue;
    // existsSync is the cheap common case; only a "no" is asked again why.
    if (!existsSync(candidate.proposal)) {
      if (statOrCode(candidate.proposal) !== "unreadable") continue;
      // Listed and marked rather than left out as if it were not there.
      warnings.push(readWarning(repository, candidate.dir, "unreadable"));
      changes.push({ name: candidate.name, archived, dir: candidate.dir, unreadable: true });
      continue;
    }
    changes.push({ name: candidate.name, archived, dir: candidate.dir });
  }
  return changes;
}

type Candidate = { name: string; dir: string; proposal: string; isLink: boolean };

/** The sub-folders (and links) of a folder that may be changes, sorted by name. */
const candidatesIn = cachedFolderReader(
  (folder, entries, { unreadable }): { unreadable: boolean; candidates: Candidate[] } => ({
    unreadable,
    candidates: entries
      .filter(
        (entry) => (entry.isDirectory() || entry.isSymbolicLink()) && !entry.name.startsWith("."),
      )
      .map((entry) => {
        // Names from a listing hold no separator, so plain concatenation is the joined path.
        const dir = `${folder}/${entry.name}`;
        return {
          name: entry.name,
          dir,
          proposal: `${dir}/proposal.md`,
          isLink: entry.isSymbolicLink(),
        };
      })
      .sort((a, b) => compareNames(a.name, b.name)),
  }),
  10_000,
);

export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Every active change folder, with or without `proposal.md`: what the
 * OpenSpec CLI counts as a change (`openspec new change` starts without one).
 */
export function listActiveChangeFolders(repository: Repository): string[] {
  return candidatesIn(join(repository.openspecDir, "changes"))
    .candidates.map((candidate) => candidate.name)
    .filter((name) => name !== "archive");
}
