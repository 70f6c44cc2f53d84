import { constants } from "node:fs";
import { lstat, open, realpath } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** Why git may not run for a folder: its `.git` leads to another repository's objects. */
export type GitDirectoryRefusal = { refused: true; detail: string };

/**
 * What git will read for a folder it may run in: the work tree's top (the
 * folder itself or the parent holding `.git`), and, for a linked work tree,
 * its own git folders that lie outside the top.
 */
export type GitDirectory = { refused: false; top: string; gitFolders: string[] };

/** A `.git` file, `gitdir`, `commondir` or `alternates` is a line or a few; anything larger is not one. */
const MAX_POINTER_BYTES = 4096;

/**
 * Checks, before git runs in `folder`, that the repository git would find
 * there keeps its objects inside the work tree it serves. git looks for `.git`
 * in `folder` and each parent; the first one found is the work tree's top.
 * That `.git` may be a folder inside the top (a clone), or a file naming a
 * `gitdir`: accepted only inside the top, or as a linked work tree whose
 * `gitdir` file (written by `git worktree add`) names this very `.git` file
 * back — a repository cannot forge that file in another repository. A `.git`
 * link, a `commondir` outside a linked work tree's own repository, or an
 * `objects/info/alternates` file would let a repository answer with another
 * repository's commits, so they are refused. Only `lstat`, `realpath` and
 * bounded reads of regular files opened non-blocking: a FIFO named `.git` is
 * refused, never waited on. When git may run: the folders it will read
 * (`GitDirectory`), or null when no `.git` is found (git then says it is not a
 * repository).
 */
export async function checkGitDirectory(
  folder: string,
): Promise<GitDirectoryRefusal | GitDirectory | null> {
  let top = resolve(folder);
  for (;;) {
    const dotGit = join(top, ".git");
    const kind = await kindOf(dotGit);
    if (kind !== "missing") return checkDotGit(top, dotGit, kind);
    const parent = dirname(top);
    if (parent === top) return null;
    top = parent;
  }
}

type Kind = "missing" | "file" | "folder" | "link" | "special";

async function kindOf(path: string): Promise<Kind> {
  try {
    const stats = await lstat(path);
    if (stats.isSymbolicLink()) return "link";
    if (stats.isDirectory()) return "folder";
    if (stats.isFile()) return "file";
    return "special";
  } catch {
    return "missing";
  }
}

async function checkDotGit(
  top: string,
  dotGit: string,
  kind: Kind,
): Promise<GitDirectoryRefusal | GitDirectory> {
  if (kind === "link" || kind === "special") {
    return refuse(`${dotGit} is a ${kind === "link" ? "symbolic link" : "special file"}`);
  }
  const allowed = (gitFolders: string[]) => (refusal: GitDirectoryRefusal | null) =>
    refusal ?? { refused: false as const, top, gitFolders };
  if (kind === "folder") return allowed([])(await checkObjects(dotGit, dotGit));
  const text = await readPointer(dotGit);
  const named = /^gitdir: (.+)$/m.exec(text ?? "")?.[1]?.trim();
  if (!named) return refuse(`${dotGit} is not a "gitdir:" file`);
  const gitDir = await realOrNull(isAbsolute(named) ? named : resolve(top, named));
  const realTop = await realOrNull(top);
  if (gitDir === null || realTop === null) return refuse(`${dotGit} names a missing gitdir`);
  if (isInside(realTop, gitDir)) return allowed([])(await checkObjects(gitDir, gitDir));
  // A linked work tree: its gitdir holds a `gitdir` file naming this `.git` back.
  const back = (await readPointer(join(gitDir, "gitdir")))?.trim();
  const realDotGit = await realOrNull(dotGit);
  const backReal = back ? await realOrNull(back) : null;
  if (backReal === null || backReal !== realDotGit) {
    return refuse(`${dotGit} leads to ${named}, another repository's git folder`);
  }
  const common = (await readPointer(join(gitDir, "commondir")))?.trim();
  const commonDir = common ? await realOrNull(resolve(gitDir, common)) : gitDir;
  if (commonDir === null) return refuse(`${gitDir} names a missing commondir`);
  return allowed([...new Set([gitDir, commonDir])])(await checkObjects(gitDir, commonDir));
}

/** The repository's own objects only: no `commondir` outside a linked work tree, no alternates. */
async function checkObjects(
  gitDir: string,
  commonDir: string,
): Promise<GitDirectoryRefusal | null> {
  if (gitDir === commonDir && (await kindOf(join(gitDir, "commondir"))) !== "missing") {
    return refuse(`${gitDir} has a commondir file pointing at another repository`);
  }
  const alternates = join(commonDir, "objects", "info", "alternates");
  const kind = await kindOf(alternates);
  if (kind === "missing") return null;
  const text = kind === "file" ? await readPointer(alternates) : null;
  if (text !== null && text.trim() === "") return null;
  return refuse(`${alternates} borrows objects from another repository`);
}

/** A small regular file's text, opened non-blocking and without following a link; null otherwise. */
async function readPointer(path: string): Promise<string | null> {
  if ((await kindOf(path)) !== "file") return null;
  let handle: Awaited<ReturnType<typeof open>> | undefined;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW);
    if (!(await handle.stat()).isFile()) return null;
    const buffer = Buffer.alloc(MAX_POINTER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MAX_POINTER_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } catch {
    return null;
  } finally {
    await handle?.close();
  }
}

async function realOrNull(path: string): Promise<string | null> {
  try {
    return await realpath(path);
  } catch {
    return null;
  }
}

function isInside(parent: string, child: string): boolean {
  const path = relative(parent, child);
  return path === "" || (!path.startsWith(`..${sep}`) && path !== ".." && !isAbsolute(path));
}

function refuse(detail: string): GitDirectoryRefusal {
  return { refused: true, detail };
}
