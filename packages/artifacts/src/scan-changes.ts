import { existsSync } from "node:fs";
import { join } from "node:path";
import { cachedFolderReader } from "./cache/cached-folder-reader.js";
import { containedRealPath } from "./contained-path.js";
import type { Repository } from "./open-repository.js";

/** A change folder: it holds a `proposal.md`, or the `.openspec.yaml` that `openspec new change` writes first. */
export type ChangeFolder = {
  name: string;
  archived: boolean;
  /** No `proposal.md` yet, only the `.openspec.yaml` of `openspec new change`. */
  scaffolded: boolean;
  /** The change folder. */
  dir: string;
};

/** A change folder with the full SHA-256 behind its token. */
export type ChangeEntry = ChangeFolder & { hash: string };

/** The active and archived change folders of a repository, each sorted by name. */
export function scanChangeFolders(repository: Repository): {
  active: ChangeFolder[];
  archived: ChangeFolder[];
} {
  const everyName = () => true;
  return {
    active: changeFoldersIn(repository, false, everyName),
    archived: changeFoldersIn(repository, true, everyName),
  };
}

/**
 * The changes under `changes/` or `changes/archive/` whose names pass
 * `wanted`, sorted by name. Only those are checked for `proposal.md`, so a
 * lookup by token does not touch every change. The files are looked for on
 * every call: whether they exist is what makes a folder a change, and checking
 * costs no more than checking whether the folder changed.
 */
export function changeFoldersIn(
  repository: Repository,
  archived: boolean,
  wanted: (name: string) => boolean,
): ChangeFolder[] {
  const changes: ChangeFolder[] = [];
  for (const candidate of changeCandidates(repository, archived)) {
    if (!wanted(candidate.name)) continue;
    const change = asChange(repository, candidate, archived);
    if (change !== null) changes.push(change);
  }
  return changes;
}

/** A folder that may be a change: every non-hidden sub-folder (or link) of `changes/` or `changes/archive/`. */
export type ChangeCandidate = { name: string; dir: string; proposal: string; isLink: boolean };

/**
 * The candidates under `changes/` (without `archive`) or `changes/archive/`,
 * sorted by name. The same array comes back while the folder is unchanged, so
 * callers may key their own caches on it; they must not change it.
 */
export function changeCandidates(repository: Repository, archived: boolean): ChangeCandidate[] {
  const changesDir = join(repository.openspecDir, "changes");
  const folder = archived ? join(changesDir, "archive") : changesDir;
  // A changes folder that is (or sits behind) a symlink out of the repository lists nothing.
  if (containedRealPath(repository, folder) === null) return [];
  return archived ? candidatesIn(folder) : activeCandidatesIn(folder);
}

/** The change a candidate folder is, or null when it holds neither file or leads out of the repository. */
export function asChange(
  repository: Repository,
  candidate: ChangeCandidate,
  archived: boolean,
): ChangeFolder | null {
  // A symlinked change folder counts only while it stays inside the repository.
  if (candidate.isLink && containedRealPath(repository, candidate.dir) === null) return null;
  let scaffolded = false;
  if (!existsSync(candidate.proposal)) {
    // `openspec new change` writes `.openspec.yaml` first; the CLI lists such a folder as a change.
    if (!existsSync(`${candidate.dir}/.openspec.yaml`)) return null;
    scaffolded = true;
  }
  return { name: candidate.name, archived, scaffolded, dir: candidate.dir };
}

/** The sub-folders (and links) of a folder that may be changes, sorted by name. */
const candidatesIn = cachedFolderReader(
  (folder, entries): ChangeCandidate[] =>
    entries
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
  10_000,
);

// The active list without `archive`, derived once per listing of `changes/`.
const withoutArchive = new WeakMap<ChangeCandidate[], ChangeCandidate[]>();

function activeCandidatesIn(folder: string): ChangeCandidate[] {
  const all = candidatesIn(folder);
  let active = withoutArchive.get(all);
  if (active === undefined) {
    active = all.filter((candidate) => candidate.name !== "archive");
    withoutArchive.set(all, active);
  }
  return active;
}

export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Every active change folder, with or without `proposal.md`: what the
 * OpenSpec CLI counts as a change (`openspec new change` starts without one).
 */
export function listActiveChangeFolders(repository: Repository): string[] {
  const folder = join(repository.openspecDir, "changes");
  // The same containment rule as the context listing: nothing behind a symlink out is a change.
  if (containedRealPath(repository, folder) === null) return [];
  return candidatesIn(folder)
    .filter(
      (candidate) =>
        candidate.name !== "archive" &&
        (!candidate.isLink || containedRealPath(repository, candidate.dir) !== null),
    )
    .map((candidate) => candidate.name);
}
