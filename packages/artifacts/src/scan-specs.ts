import type { Stats } from "node:fs";
import { realpath } from "node:fs/promises";
import { relative } from "node:path";
import { setImmediate } from "node:timers/promises";
import { cachedFolderReader } from "./cache/cached-folder-reader.js";
import { statOrCode } from "./cache/stat-or-null.js";
import { containedRealPath, isInsideRoot } from "./contained-path.js";
import type { Repository } from "./open-repository.js";
import type { FileReadCode } from "./read-regular-file.js";
import { type ReadWarning, readWarning } from "./read-warning.js";
import { compareNames } from "./scan-changes.js";

/** A `spec.md` under a specs folder. */
export type SpecEntry = {
  /** The folder path relative to the specs folder, e.g. `platform/session`. */
  id: string;
  /** The file path relative to the specs folder, e.g. `platform/session/spec.md`. */
  path: string;
  /** The full SHA-256 behind its token. */
  hash: string;
  /** The absolute path of the file. */
  file: string;
};

/** A spec before its token is derived: what listing a repository needs. */
export type SpecFile = Omit<SpecEntry, "hash">;

/** The specs of a folder and what the walk left out: unreadable folders, loops, files that are no files. */
export type SpecScan = { specs: SpecFile[]; warnings: ReadWarning[] };

/** Every `spec.md` below `specsDir` (nested ids included), sorted by id. Folders unchanged since the last walk cost one stat each. */
export function scanSpecFiles(repository: Repository, specsDir: string): SpecFile[] {
  return scanSpecFolder(repository, specsDir).specs;
}

/** Folders deeper than this are not specs but an accident. */
const MAX_DEPTH = 16;

/** The folders from the specs folder down to one folder, by device and inode, innermost first. */
type Ancestry = { key: string; parent: Ancestry | null } | null;
type PendingLink = { child: Child; prefix: string; depth: number; ancestors: Ancestry };

function isAncestor(ancestors: Ancestry, key: string): boolean {
  for (let node = ancestors; node !== null; node = node.parent) {
    if (node.key === key) return true;
  }
  return false;
}

/**
 * `scanSpecFiles` with its warnings. Every real folder (device and inode) is
 * walked once: the folders themselves first, then the symlinks among them in
 * order of their ids, so two links to `.` cost two stats, not 2^16 walks,
 * and a link never hides the folder it points at. Inside `answerFromScans`,
 * a folder the walk ahead scanned is answered from that scan, with no stat.
 */
export function scanSpecFolder(repository: Repository, specsDir: string): SpecScan {
  const ahead = scansInHand?.get(specsDir);
  if (ahead !== undefined) return ahead;
  const walking = walkSpecFolder(repository, specsDir);
  for (let step = walking.next(); ; ) {
    if (step.done) return step.value;
    step = walking.next(
      "list" in step.value ? childrenOf(step.value.list) : targetOf(repository, step.value.follow),
    );
  }
}

/**
 * `scanSpecFolder` without holding the event loop: each folder is read in
 * batches (see `cachedFolderReader`), a link's real path is asked off the
 * loop, and the event loop gets a turn every 512 entries walked. The walk is
 * the synchronous one's, step for step, so the scan it answers is the one
 * `scanSpecFolder` would give; a folder already read and unchanged costs one
 * stat. Pass what it answers to `answerFromScans`, so the synchronous reads
 * that follow in the same call walk nothing again.
 */
export async function readSpecFolderAhead(
  repository: Repository,
  specsDir: string,
): Promise<SpecScan> {
  // Counted by entries, not folders: a folder read for the first time answers its first batch
  // synchronously, and one already read costs one synchronous stat, so a turn of the event loop
  // every 512 entries bounds what runs between turns whatever the folders hold.
  let sinceTurn = 0;
  const walking = walkSpecFolder(repository, specsDir);
  for (let step = walking.next(); ; ) {
    if (step.done) return step.value;
    if ("list" in step.value) {
      const listing = await childrenOf.readAhead(step.value.list);
      sinceTurn += 1 + listing.children.length;
      if (sinceTurn >= ENTRIES_PER_TURN) {
        sinceTurn = 0;
        await setImmediate();
      }
      step = walking.next(listing);
    } else {
      step = walking.next(await targetAhead(repository, step.value.follow));
    }
  }
}

const ENTRIES_PER_TURN = 512;

/** Scans the caller read ahead, by specs folder, for the synchronous reads it runs now. */
let scansInHand: ReadonlyMap<string, SpecScan> | null = null;

/**
 * Runs `read` (synchronous) with `scans` (specs folder to what
 * `readSpecFolderAhead` answered for it) answering every `scanSpecFolder`
 * of those folders: a server that walked ahead then answers from the walk,
 * one stat per folder per call rather than one per synchronous read. Only
 * for the reads of the call that walked: the next call walks again, so a
 * changed folder is read again.
 */
export function answerFromScans<T>(scans: ReadonlyMap<string, SpecScan>, read: () => T): T {
  const outer = scansInHand;
  scansInHand = outer === null ? scans : new Map([...outer, ...scans]);
  try {
    return read();
  } finally {
    scansInHand = outer;
  }
}

/** What the walk asks for: a folder's listing, or where a link leads. */
type WalkStep = { list: string } | { follow: string };
/** Where a link leads: its target's stats, or why there are none (`outside`: out of the repository, dangling or a loop). */
type LinkTarget = Stats | FileReadCode | "outside";

/**
 * The spec walk, one step per folder listed or link followed, so that the
 * synchronous scan and the walk ahead are one walk answered two ways.
 */
function* walkSpecFolder(
  repository: Repository,
  specsDir: string,
): Generator<WalkStep, SpecScan, Listing | LinkTarget> {
  const specs: SpecFile[] = [];
  const warnings: ReadWarning[] = [];
  // A specs folder that is (or sits behind) a symlink out of the repository lists nothing.
  if (containedRealPath(repository, specsDir) === null) {
    // ...nor does one behind a folder that may not be searched, but that is said.
    if (statOrCode(specsDir) === "unreadable") {
      warnings.push(readWarning(repository, specsDir, "unreadable"));
    }
    return { specs, warnings };
  }
  /** Each folder walked, by device and inode, with where it was walked. */
  const visited = new Map<string, string>();
  let pending: PendingLink[] = [];

  function* walk(
    dir: string,
    prefix: string,
    depth: number,
    ancestors: Ancestry,
  ): Generator<WalkStep, void, Listing | LinkTarget> {
    const listing = (yield { list: dir }) as Listing;
    if (listing.unreadable) {
      warnings.push(readWarning(repository, dir, "unreadable"));
      return;
    }
    if (listing.key === null || visited.has(listing.key)) return;
    visited.set(listing.key, dir);
    const chain: Ancestry = { key: listing.key, parent: ancestors };
    for (const child of listing.children) {
      if (child.isLink) {
        pending.push({ child, prefix, depth, ancestors: chain });
      } else if (child.name === "spec.md" && prefix !== "") {
        if (child.isFile) specs.push({ id: prefix, path: `${prefix}/spec.md`, file: child.full });
        else warnings.push(readWarning(repository, child.full, "not_a_regular_file"));
      } else if (child.isDirectory && depth < MAX_DEPTH) {
        yield* walk(child.full, joinId(prefix, child.name), depth + 1, chain);
      }
    }
  }

  function* followLink({
    child,
    prefix,
    depth,
    ancestors,
  }: PendingLink): Generator<WalkStep, void, Listing | LinkTarget> {
    const stats = (yield { follow: child.full }) as LinkTarget;
    // Links that lead out of the repository, dangle or loop on themselves are neither listed nor read.
    if (stats === "outside") return;
    if (typeof stats === "string") {
      if (stats === "unreadable") warnings.push(readWarning(repository, child.full, "unreadable"));
      return;
    }
    if (child.name === "spec.md" && prefix !== "") {
      if (stats.isFile()) specs.push({ id: prefix, path: `${prefix}/spec.md`, file: child.full });
      else warnings.push(readWarning(repository, child.full, "not_a_regular_file"));
      return;
    }
    if (!stats.isDirectory() || depth >= MAX_DEPTH) return;
    const key = `${stats.dev}:${stats.ino}`;
    const walkedAt = visited.get(key);
    if (walkedAt === undefined) {
      yield* walk(child.full, joinId(prefix, child.name), depth + 1, ancestors);
    } else {
      warnings.push(linkWarning(repository, child.full, walkedAt, isAncestor(ancestors, key)));
    }
  }

  yield* walk(specsDir, "", 0, null);
  while (pending.length > 0) {
    const links = pending.sort((a, b) => compareNames(a.child.full, b.child.full));
    pending = [];
    for (const link of links) yield* followLink(link);
  }
  return {
    specs: specs.sort((a, b) => compareNames(a.id, b.id)),
    warnings: warnings.sort((a, b) => compareNames(a.path, b.path)),
  };
}

/** Where a link leads, asked with synchronous calls. */
function targetOf(repository: Repository, link: string): LinkTarget {
  if (containedRealPath(repository, link) === null) return "outside";
  return statOrCode(link);
}

/** `targetOf` with the real path asked off the event loop (it walks every component of the path). */
async function targetAhead(repository: Repository, link: string): Promise<LinkTarget> {
  const real = await realpath(link).catch(() => null);
  if (real === null || !isInsideRoot(repository, real)) return "outside";
  return statOrCode(link);
}

function linkWarning(
  repository: Repository,
  link: string,
  target: string,
  isLoop: boolean,
): ReadWarning {
  const path = relative(repository.root, link);
  const where = relative(repository.root, target) || ".";
  return {
    code: isLoop ? "symlink_loop" : "symlink_duplicate",
    path,
    message: isLoop
      ? `${path} is a symlink back to ${where}, a folder above it; it is not walked again.`
      : `${path} is a symlink to ${where}, which is listed under its own name; it is not listed twice.`,
  };
}

function joinId(prefix: string, name: string): string {
  return prefix === "" ? name : `${prefix}/${name}`;
}

type Child = { name: string; full: string; isLink: boolean; isFile: boolean; isDirectory: boolean };
type Listing = { key: string | null; unreadable: boolean; children: Child[] };

/** The entries of a folder that are not hidden, with their full paths, and the folder's device and inode. */
const childrenOf = cachedFolderReader((dir, entries, { stats, unreadable }): Listing => {
  const children: Child[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    children.push({
      name: entry.name,
      // Names from a listing hold no separator, so plain concatenation is the joined path.
      full: `${dir}/${entry.name}`,
      isLink: entry.isSymbolicLink(),
      isFile: entry.isFile(),
      isDirectory: entry.isDirectory(),
    });
  }
  return { key: stats === null ? null : `${stats.dev}:${stats.ino}`, unreadable, children };
}, 50_000);
