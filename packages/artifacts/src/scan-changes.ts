import { type Dirent, existsSync } from "node:fs";
import { join } from "node:path";
import { cachedFolderReader } from "./cache/cached-folder-reader.js";
import { statOrCode, statOrNull } from "./cache/stat-or-null.js";
import { sortInTurns } from "./cli-listing/sort-in-turns.js";
import { yieldEvery } from "./cli-listing/yield-every.js";
import { containedRealPath } from "./contained-path.js";
import type { Repository } from "./open-repository.js";
import { type ReadWarning, readWarning } from "./read-warning.js";

/**
 * A change folder: every folder under `changes/` (but `archive`) or
 * `changes/archive/` whose name does not start with a dot, whatever it holds,
 * as the OpenSpec CLI counts changes (`openspec list`, `status`, `archive`).
 */
export type ChangeFolder = {
  name: string;
  archived: boolean;
  /**
   * No `proposal.md` (yet): a folder `openspec new change` scaffolded, or one
   * holding only `tasks.md`, `specs/` or nothing. The CLI calls such changes
   * scaffolded too, and lists, validates and archives them.
   */
  scaffolded: boolean;
  /** The change folder. */
  dir: string;
  /** The folder may not be searched, so whether it holds a `proposal.md` is unknown; it is listed all the same. */
  unreadable?: true;
};

/** A change folder with the full SHA-256 behind its token. */
export type ChangeEntry = ChangeFolder & { hash: string };

/** The active and archived change folders of a repository, each sorted by name. */
export type ChangeScan = {
  active: ChangeFolder[];
  archived: ChangeFolder[];
  /** Change folders (or `changes/` itself) that may not be read. */
  warnings: ReadWarning[];
};

/** The active and archived change folders of a repository, each sorted by name. */
export function scanChangeFolders(repository: Repository): ChangeScan {
  const ahead = scansAhead.get(repository.root);
  if (ahead !== undefined) {
    // Taken once, and only while both listings are the ones it was made from.
    scansAhead.delete(repository.root);
    if (
      sameListing(ahead.active, changeCandidates(repository, false)) &&
      sameListing(ahead.archived, changeCandidates(repository, true))
    ) {
      return ahead.scan;
    }
  }
  const everyName = () => true;
  const warnings: ReadWarning[] = [];
  return {
    active: changeFoldersIn(repository, false, everyName, warnings),
    archived: changeFoldersIn(repository, true, everyName, warnings),
    warnings,
  };
}

/**
 * The changes under `changes/` or `changes/archive/` whose names pass
 * `wanted`, sorted by name. Only those are checked for `proposal.md`, so a
 * lookup by token does not touch every change. The file is looked for on
 * every call: whether it exists is what `scaffolded` says, and checking costs
 * no more than checking whether the folder changed.
 */
export function changeFoldersIn(
  repository: Repository,
  archived: boolean,
  wanted: (name: string) => boolean,
  warnings: ReadWarning[] = [],
): ChangeFolder[] {
  const changes: ChangeFolder[] = [];
  for (const candidate of changeCandidates(repository, archived, warnings)) {
    if (!wanted(candidate.name)) continue;
    const change = asChange(repository, candidate, archived, warnings);
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
export function changeCandidates(
  repository: Repository,
  archived: boolean,
  warnings: ReadWarning[] = [],
): ChangeCandidate[] {
  const changesDir = join(repository.openspecDir, "changes");
  const folder = archived ? join(changesDir, "archive") : changesDir;
  // A changes folder that is (or sits behind) a symlink out of the repository lists nothing.
  if (containedRealPath(repository, folder) === null) return [];
  const listing = candidatesIn(folder);
  if (listing.unreadable) warnings.push(readWarning(repository, folder, "unreadable"));
  return archived ? listing.candidates : activeCandidates(listing.candidates);
}

/**
 * The change a candidate folder is, or null when it is a symlink that leads
 * out of the repository or to something other than a folder. Any folder is a
 * change, as the CLI has it: `openspec new change` writes only `.openspec.yaml`,
 * and a schema need not have a proposal at all.
 */
export function asChange(
  repository: Repository,
  candidate: ChangeCandidate,
  archived: boolean,
  warnings: ReadWarning[] = [],
): ChangeFolder | null {
  // A symlinked change folder counts only while it stays inside the repository and is a folder.
  if (candidate.isLink) {
    const real = containedRealPath(repository, candidate.dir);
    if (real === null || statOrNull(real)?.isDirectory() !== true) return null;
  }
  // existsSync is the cheap common case; only a "no" is asked again why.
  if (existsSync(candidate.proposal)) {
    return { name: candidate.name, archived, scaffolded: false, dir: candidate.dir };
  }
  if (statOrCode(candidate.proposal) === "unreadable") {
    // Listed and marked rather than guessed at: whether it has a proposal cannot be known.
    warnings.push(readWarning(repository, candidate.dir, "unreadable"));
    return {
      name: candidate.name,
      archived,
      scaffolded: false,
      dir: candidate.dir,
      unreadable: true,
    };
  }
  return { name: candidate.name, archived, scaffolded: true, dir: candidate.dir };
}

/**
 * `changeCandidates` without holding the event loop: `changes/` or
 * `changes/archive/` is read in batches (see `cachedFolderReader`), so the
 * synchronous calls above that follow find it read. A folder that leads out
 * of the repository is not read.
 */
export async function readChangeFoldersAhead(
  repository: Repository,
  archived: boolean,
  warnings: ReadWarning[] = [],
): Promise<ChangeCandidate[]> {
  const changesDir = join(repository.openspecDir, "changes");
  const folder = archived ? join(changesDir, "archive") : changesDir;
  if (containedRealPath(repository, folder) === null) return [];
  const listing = await candidatesIn.readAhead(folder);
  if (listing.unreadable) warnings.push(readWarning(repository, folder, "unreadable"));
  return archived ? listing.candidates : activeCandidates(listing.candidates);
}

/** Whether two listings are one: a cached listing comes back as the same array, a missing folder as a new empty one. */
function sameListing(a: ChangeCandidate[], b: ChangeCandidate[]): boolean {
  return a === b || (a.length === 0 && b.length === 0);
}

/** Scans made ahead by `scanChangeFoldersAhead`, by repository root, with the listings they were made from. */
const scansAhead = new Map<
  string,
  { active: ChangeCandidate[]; archived: ChangeCandidate[]; scan: ChangeScan }
>();
const MAX_SCANS_AHEAD = 64;

/**
 * `scanChangeFolders` without holding the event loop: the folders are read
 * ahead (`readChangeFoldersAhead`), and the one stat per change that tells
 * whether it has a `proposal.md` gives the event loop a turn every 256
 * changes, so 200,000 changes cost their caller time, never the server's
 * other callers. The next `scanChangeFolders` of the repository answers this
 * scan while both listings are unchanged, once.
 */
export async function scanChangeFoldersAhead(repository: Repository): Promise<void> {
  const pause = yieldEvery(256);
  const warnings: ReadWarning[] = [];
  const scanned = async (archived: boolean) => {
    const candidates = await readChangeFoldersAhead(repository, archived, warnings);
    const changes: ChangeFolder[] = [];
    for (const candidate of candidates) {
      await pause();
      const change = asChange(repository, candidate, archived, warnings);
      if (change !== null) changes.push(change);
    }
    return { candidates, changes };
  };
  const active = await scanned(false);
  const archived = await scanned(true);
  if (scansAhead.size >= MAX_SCANS_AHEAD) scansAhead.clear();
  scansAhead.set(repository.root, {
    active: active.candidates,
    archived: archived.candidates,
    scan: { active: active.changes, archived: archived.changes, warnings },
  });
}

/** The sub-folders (and links) of a folder that may be changes, sorted by name. */
const candidatesIn = cachedFolderReader(
  (folder, entries, { unreadable }): CandidateListing => ({
    unreadable,
    candidates: entries
      .map((entry) => candidateOf(folder, entry))
      .filter((candidate) => candidate !== null)
      .sort((a, b) => compareNames(a.name, b.name)),
  }),
  10_000,
  // The same in turns, for a read ahead: 100,000 entries are a tenth of a second of work.
  async (folder, entries, { unreadable }): Promise<CandidateListing> => {
    const pause = yieldEvery(CANDIDATES_PER_TURN);
    const candidates: ChangeCandidate[] = [];
    for (const entry of entries) {
      await pause();
      const candidate = candidateOf(folder, entry);
      if (candidate !== null) candidates.push(candidate);
    }
    await sortInTurns(candidates, (a, b) => compareNames(a.name, b.name));
    return { unreadable, candidates };
  },
);

type CandidateListing = { unreadable: boolean; candidates: ChangeCandidate[] };
const CANDIDATES_PER_TURN = 2048;

/** The entry as a change candidate: a folder or a link, not hidden. */
function candidateOf(folder: string, entry: Dirent): ChangeCandidate | null {
  if (!(entry.isDirectory() || entry.isSymbolicLink()) || entry.name.startsWith(".")) return null;
  // Names from a listing hold no separator, so plain concatenation is the joined path.
  const dir = `${folder}/${entry.name}`;
  return { name: entry.name, dir, proposal: `${dir}/proposal.md`, isLink: entry.isSymbolicLink() };
}

// The active list without `archive`, derived once per listing of `changes/`.
const withoutArchive = new WeakMap<ChangeCandidate[], ChangeCandidate[]>();

function activeCandidates(all: ChangeCandidate[]): ChangeCandidate[] {
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
  return changeFoldersIn(repository, false, () => true).map((change) => change.name);
}
