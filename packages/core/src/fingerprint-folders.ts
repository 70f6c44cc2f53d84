import { createHash, type Hash } from "node:crypto";
import { lstatSync, type Stats } from "node:fs";
import { join } from "node:path";
import { observe, readFolderEntries } from "@org/openspec-artifacts";

/** What the files under some folders looked like, as one digest of their stats. */
export type FolderFingerprint = {
  /** A hash of every path's kind, device, inode, size, mtime and ctime, in a fixed order. */
  digest: string;
  /** Some path changed within a timestamp tick of the walk, so a second change in that tick could keep every stat: not to be reused. */
  racy: boolean;
  /** Files and folders stat'ed. */
  entries: number;
};

/** Past this many files and folders a walk gives up: the answer is not cached. */
export const MAX_FINGERPRINT_ENTRIES = 500_000;

// A missing path is part of the fingerprint (creating it changes the digest); other errors end the walk.
const MISSING = new Set(["ENOENT", "ENOTDIR"]);

/**
 * Work between two returns to the event loop, counted in paths stat'ed: tens
 * of milliseconds on a busy machine.
 */
const WORK_PER_SLICE = 2000;

/**
 * A folder listed from the disk (not kept from an earlier walk) counts as this
 * many paths stat'ed: opening, reading and closing a small folder cost two to
 * four `lstat`s' time at a load of 24 on two cores, so a walk of thousands of
 * new small folders returns to the event loop as often as a walk of their stats.
 */
const LISTING_WORK = 4;

type Walk = {
  hash: Hash;
  racy: boolean;
  entries: number;
  observedAt: number;
  max: number;
  /** Work since the walk last returned to the event loop, in paths stat'ed. */
  work: number;
};

/** The stats of `path`, "missing", or null when it cannot be stat'ed for another reason. */
function statOf(path: string): Stats | "missing" | null {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) ?? "missing";
  } catch (error) {
    return MISSING.has((error as NodeJS.ErrnoException).code ?? "") ? "missing" : null;
  }
}

/** Folder listings kept by their folder's stat, for the next walk; past this many the keeping starts over. */
const MOST_KEPT_LISTINGS = 200_000;
const keptListings = new Map<string, { stamp: string; names: string[] }>();

/** Folders of more names than this keep the kernel's order: sorting 300,000 names holds the event loop 0.2 s. */
const MOST_NAMES_SORTED = 4096;

/**
 * The names in the folder at `path`, sorted (past 4,096 names in the
 * kernel's order, which is the same while the folder is unchanged; another
 * order only costs a cache miss, never a wrong hit), or null when it cannot be
 * listed. The folder is read in batches (`readFolderEntries`), so one of
 * 300,000 entries never holds the event loop, and a listing read from the
 * disk counts as `LISTING_WORK` paths in the walk's slices, so thousands of
 * new small folders do not hold it either. A listing changes only with its folder's mtime and ctime (an entry
 * created, removed or renamed moves both), so one taken when the folder was
 * quiet for a tick is reused while its stat stays the same: git's untracked
 * cache rests on the same rule, true of local file systems on Linux and
 * macOS. Half the server's CPU at 50 sessions went to these walks, and more
 * than half of that to listing folders whose stat had not changed.
 */
async function sortedNamesOf(path: string, stats: Stats, state: Walk): Promise<string[] | null> {
  const stamp = `${stats.dev}:${stats.ino}:${stats.mtimeMs}:${stats.ctimeMs}`;
  const kept = keptListings.get(path);
  if (kept !== undefined && kept.stamp === stamp) return kept.names;
  const { observedAt } = state;
  const most = state.max - state.entries;
  state.work += LISTING_WORK;
  let names: string[];
  try {
    const entries = await readFolderEntries(path, most);
    if (entries === "too_many") return null;
    names = entries.map((entry) => entry.name);
  } catch {
    return null;
  }
  if (names.length <= MOST_NAMES_SORTED) names.sort();
  if (!observe(stats, observedAt).racy) {
    if (keptListings.size >= MOST_KEPT_LISTINGS) keptListings.clear();
    keptListings.set(path, { stamp, names });
  }
  return names;
}

/**
 * Hashes `root` and everything under it, depth first in name order (see
 * `sortedNamesOf` for folders of many names). Returns
 * false when the walk cannot vouch for what a reader would see, and "missing"
 * when `root` itself does not exist.
 */
async function walk(root: string, state: Walk): Promise<boolean | "missing"> {
  // Synchronous stats in slices: several times faster than one promise per
  // path (1.4–1.8 s against 3.7–5.1 s for 65,000 paths at a load of 20 on two
  // cores), without holding the event loop for more than one slice.
  const stack = [root];
  for (let path = stack.pop(); path !== undefined; path = stack.pop()) {
    state.entries += 1;
    if (state.entries > state.max) return false;
    state.work += 1;
    if (state.work >= WORK_PER_SLICE) {
      state.work = 0;
      await new Promise((done) => setImmediate(done));
    }
    const stats = statOf(path);
    if (stats === null) return false;
    if (stats === "missing") {
      if (path === root) return "missing";
      state.hash.update(`${path}\0missing\n`);
      continue;
    }
    // A link's target may lie anywhere and change without touching the link.
    if (stats.isSymbolicLink()) return false;
    if (observe(stats, state.observedAt).racy) state.racy = true;
    const kind = stats.isDirectory() ? "d" : stats.isFile() ? "f" : "o";
    state.hash.update(
      `${path}\0${kind}:${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}\n`,
    );
    if (kind !== "d") continue;
    const names = await sortedNamesOf(path, stats, state);
    if (names === null) return false;
    for (let index = names.length - 1; index >= 0; index -= 1) {
      stack.push(join(path, names[index] as string));
    }
  }
  return true;
}

/** The parts of a folder a command reads, when they are fewer than all of it. */
export type FolderParts = {
  /** Paths under the folder hashed with everything below them (a missing one counts as missing). */
  walked: readonly string[];
  /** Paths hashed by their own stat alone (a folder's listing moves its mtime). */
  statted: readonly string[];
};

/**
 * The stat fingerprint of every file and folder under `folder`, which must be
 * a folder, and under each of `others` (a missing one counts as missing),
 * taken with the rules of the artifact caches (`observe` of
 * `@org/openspec-artifacts`): any write, rename, chmod or replacement moves a
 * ctime, an inode or a folder's listing, so it changes the digest. With
 * `parts`, only those parts of `folder` are hashed (and `folder`'s own
 * stat), for a command known to read no more of it. Null when the walk
 * cannot vouch for what a reader would see: `folder` is missing or no
 * folder, a symbolic link, a folder it may not list, or more than
 * `maxEntries` paths.
 */
export async function fingerprintFolders(
  folder: string,
  others: readonly string[],
  maxEntries: number = MAX_FINGERPRINT_ENTRIES,
  parts?: FolderParts,
): Promise<FolderFingerprint | null> {
  const state: Walk = {
    hash: createHash("sha256"),
    racy: false,
    entries: 0,
    observedAt: Date.now(),
    max: maxEntries,
    work: 0,
  };
  // Without its folder a command reads something else (the CLI searches upward).
  const root = statOf(folder);
  if (root === null || root === "missing" || !root.isDirectory()) return null;
  for (const path of parts === undefined ? [] : [folder, ...parts.statted]) {
    const stats = path === folder ? root : statOf(path);
    if (stats === null || (stats !== "missing" && stats.isSymbolicLink())) return null;
    state.entries += 1;
    if (stats === "missing") {
      state.hash.update(`${path}\0missing\n`);
      continue;
    }
    if (observe(stats, state.observedAt).racy) state.racy = true;
    state.hash.update(
      `${path}\0stat:${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}\n`,
    );
  }
  for (const path of [...(parts === undefined ? [folder] : parts.walked), ...others]) {
    const walked = await walk(path, state);
    if (walked === false) return null;
    if (walked === "missing") state.hash.update(`${path}\0missing\n`);
  }
  return { digest: state.hash.digest("hex"), racy: state.racy, entries: state.entries };
}
