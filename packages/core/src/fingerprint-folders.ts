import { createHash } from "node:crypto";
import { lstat, readdir } from "node:fs/promises";
import { join } from "node:path";
import { observe } from "@org/openspec-artifacts";

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

type Walk = { racy: boolean; entries: number; observedAt: number; max: number };

// A missing path is part of the fingerprint (creating it changes the digest); other errors end the walk.
const MISSING = new Set(["ENOENT", "ENOTDIR"]);

async function walk(path: string, state: Walk): Promise<string[] | null> {
  state.entries += 1;
  if (state.entries > state.max) return null;
  let stats: Awaited<ReturnType<typeof lstat>>;
  try {
    stats = await lstat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    return MISSING.has(code) ? [`${path}\0missing`] : null;
  }
  // A link's target may lie anywhere and change without touching the link.
  if (stats.isSymbolicLink()) return null;
  if (observe(stats, state.observedAt).racy) state.racy = true;
  const kind = stats.isDirectory() ? "d" : stats.isFile() ? "f" : "o";
  const line = `${path}\0${kind}:${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}`;
  if (kind !== "d") return [line];
  let names: string[];
  try {
    names = await readdir(path);
  } catch {
    return null;
  }
  names.sort();
  const children = await Promise.all(names.map((name) => walk(join(path, name), state)));
  const lines = [line];
  for (const child of children) {
    if (child === null) return null;
    lines.push(...child);
  }
  return lines;
}

/**
 * The stat fingerprint of every file and folder under `folder`, which must be
 * a folder, and under each of `others` (a missing one counts as missing),
 * taken with the rules of the artifact caches (`observe` of
 * `@org/openspec-artifacts`): any write, rename, chmod or replacement moves a
 * ctime, an inode or a folder's listing, so it changes the digest. Null when
 * the walk cannot vouch for what a reader would see: `folder` is missing or no
 * folder, a symbolic link, a folder it may not list, or more than
 * `maxEntries` paths.
 */
export async function fingerprintFolders(
  folder: string,
  others: readonly string[],
  maxEntries: number = MAX_FINGERPRINT_ENTRIES,
): Promise<FolderFingerprint | null> {
  const state: Walk = { racy: false, entries: 0, observedAt: Date.now(), max: maxEntries };
  const hash = createHash("sha256");
  for (const [index, path] of [folder, ...others].entries()) {
    const lines = await walk(path, state);
    if (lines === null) return null;
    // Without its folder a command reads something else (the CLI searches upward).
    if (index === 0 && !lines[0]?.includes("\0d:")) return null;
    for (const line of lines) hash.update(`${line}\n`);
  }
  return { digest: hash.digest("hex"), racy: state.racy, entries: state.entries };
}
