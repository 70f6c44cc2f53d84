import { randomBytes } from "node:crypto";
import { constants, type Stats } from "node:fs";
import { link, lstat, open, unlink } from "node:fs/promises";
import { hostname } from "node:os";
import { codeOf } from "./error-code.js";
import type { FolderHandle } from "./open-folder-inside.js";

const NEW_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
// O_NONBLOCK: a FIFO put where a lock belongs must not wait for a writer;
// O_NOFOLLOW: a link there is refused, never followed; O_NOCTTY: no device becomes our terminal.
const READ_LOCK =
  constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW | constants.O_NOCTTY;
/** A lock older than this is left over from a process that died without cleaning up. */
const STALE_AFTER_MS = 30_000;
const RETRY_EVERY_MS = 15;
/** A pid, a host name and a token: nothing more of a lock file is ever read. */
const OWNER_BYTES = 320;
/** This machine, as a lock names it: a pid says whether its holder lives only on the machine it names. */
const THIS_HOST = hostname().replaceAll(/\s/g, "") || "localhost";

/** Why a lock could not be taken: held past the wait, refused by the filesystem, or not a file. */
export type LockRefusal = { ok: false; reason: "busy" | "io" | "not_a_file"; error: string };

/**
 * Runs `work` while holding `name` in `folder` as a lock file, so writers in
 * other processes (another host of the same repository) take turns. A lock
 * appears with its owner already written in it (a pid, this machine's name and
 * a random token), so no writer ever finds a lock without its owner. A lock
 * whose process on this machine is gone, or that is older than 30 s, is taken
 * over; a lock of another machine (a shared folder) waits out the 30 s. Resolves
 * to `busy` when the lock stays held past `waitMs`. Every filesystem call is
 * asynchronous and the lock is only ever read when it is a regular file, so a
 * FIFO, socket, device or link a repository puts at the lock's path is
 * answered at once with `not_a_file` and never holds the event loop.
 */
export async function holdFolderLock<T>(
  folder: FolderHandle,
  name: string,
  work: () => T,
  waitMs = 10_000,
): Promise<{ ok: true; value: T } | LockRefusal> {
  const path = folder.entry(name);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const made = await tryCreate(folder, name);
    if (typeof made === "string") return { ok: false, reason: "io", error: made };
    if (made !== null) {
      try {
        return { ok: true, value: work() };
      } finally {
        await release(path, made);
      }
    }
    const stale = await isStale(path, name);
    // Released while it was looked at: take it at once, and remove nothing (another writer may hold it now).
    if (stale === RELEASED) continue;
    if (typeof stale === "string") return { ok: false, reason: "not_a_file", error: stale };
    if (stale !== false) {
      await removeIfUnchanged(path, stale);
      continue;
    }
    if (Date.now() >= deadline) {
      return { ok: false, reason: "busy", error: `${name} stayed locked for ${waitMs} ms.` };
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
  }
}

type LockFile = Awaited<ReturnType<typeof open>>;

/**
 * The lock's handle, null when something is already at its path, or why it
 * cannot be made. The owner is written to a temporary file first and the lock
 * appears with a hard link, which fails when anything is at the path: made
 * with O_EXCL and written after, a lock would stand empty for a moment, and a
 * writer paused there (a loaded machine) could have it taken over as one whose
 * owner never wrote it, letting two writers in at once.
 */
async function tryCreate(folder: FolderHandle, name: string): Promise<LockFile | null | string> {
  const token = randomBytes(8).toString("hex");
  const temp = folder.entry(`.${name}.${process.pid}.${token}.tmp`);
  let handle: LockFile | undefined;
  try {
    handle = await open(temp, NEW_FILE, 0o600);
    await handle.write(`${process.pid} ${THIS_HOST} ${token}\n`);
    await link(temp, folder.entry(name));
    return handle;
  } catch (error) {
    // EEXIST: link refuses anything already there (a FIFO or a symlink too) without opening it.
    // On NFS the reply to a link that was made can be lost, and the retried request then
    // fails with EEXIST: the temporary file's second link says the lock is ours (open(2)).
    if (codeOf(error) === "EEXIST" && handle !== undefined && (await isLinkedTwice(handle))) {
      return handle;
    }
    await handle?.close().catch(() => undefined);
    if (codeOf(error) === "EEXIST") return null;
    const message = error instanceof Error ? error.message : String(error);
    return message.replaceAll(folder.entry(""), `${folder.realPath}/`);
  } finally {
    await unlink(temp).catch(() => undefined);
  }
}

async function isLinkedTwice(handle: LockFile): Promise<boolean> {
  try {
    return (await handle.stat()).nlink === 2;
  } catch {
    return false;
  }
}

async function release(path: string, handle: LockFile): Promise<void> {
  try {
    // Only remove the lock if it is still ours: a stale takeover may have replaced it.
    const ours = await handle.stat();
    const there = await lstat(path);
    if (ours.ino === there.ino && ours.dev === there.dev) await unlink(path);
  } catch {
    // Already gone.
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** What `isStale` answers when the lock went away while it was looked at. */
const RELEASED = "released" as const;

/** A lock found stale: the file, and what it said of its owner (null when it could not be read). */
type StaleLock = { info: Stats; owner: string | null };

/**
 * Removes a stale lock only if the file at `path` is still the one found
 * stale: between the look and the removal its holder may have released it and
 * another writer taken it, and that writer's lock must stay. The owner's
 * token tells them apart even when the new lock reuses the old inode number.
 */
async function removeIfUnchanged(path: string, seen: StaleLock): Promise<void> {
  try {
    const now = await lstat(path);
    if (now.ino !== seen.info.ino || now.dev !== seen.info.dev) return;
    if (seen.owner !== null && (await readOwner(path)) !== seen.owner) return;
    await unlink(path);
  } catch {
    // Gone already, or taken over first by another process: try again.
  }
}

/**
 * The lock file at `path` when it may be taken over, false while it is held,
 * `released` when it went away meanwhile, or a sentence saying what to remove
 * when what is there is not a regular file (then it is never opened).
 */
async function isStale(
  path: string,
  name: string,
): Promise<StaleLock | false | typeof RELEASED | string> {
  let info: Stats;
  try {
    info = await lstat(path);
  } catch (error) {
    if (codeOf(error) === "ENOENT") return RELEASED;
    return false;
  }
  if (!info.isFile()) return notAFile(name, info);
  const oldEnough = Date.now() - info.mtimeMs > STALE_AFTER_MS;
  const text = await readOwner(path);
  if (text === "gone") return RELEASED;
  // Held by a writer of another user: wait for it as for any other holder.
  if (text === "unreadable") return oldEnough ? { info, owner: null } : false;
  if (typeof text !== "string") return notAFile(name, null);
  if (oldEnough) return { info, owner: text };
  const [pidText, host] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  // Not a lock our writers make (they write the owner before the lock appears): wait out its age.
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // A pid of another machine says nothing here: wait out its age.
  if (host !== undefined && host !== THIS_HOST) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // ESRCH: its process is gone.
    return codeOf(error) === "ESRCH" ? { info, owner: text } : false;
  }
}

/**
 * The first bytes of a lock file; `gone` when it was released meanwhile,
 * `special` when it was swapped for something that is not a regular file.
 */
async function readOwner(
  path: string,
): Promise<string | "gone" | "unreadable" | { special: true }> {
  let handle: LockFile;
  try {
    handle = await open(path, READ_LOCK);
  } catch (error) {
    const code = codeOf(error);
    if (code === "ENOENT") return "gone";
    if (code === "EACCES" || code === "EPERM") return "unreadable";
    // ELOOP: swapped for a link since the lstat; ENXIO: a socket; and anything else odd.
    return { special: true };
  }
  try {
    // Swapped for a FIFO or a device between the lstat and the open: the handle tells.
    if (!(await handle.stat()).isFile()) return { special: true };
    const buffer = Buffer.alloc(OWNER_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, OWNER_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await handle.close().catch(() => undefined);
  }
}

function notAFile(name: string, info: Stats | null): string {
  const kind =
    info === null
      ? "not a regular file"
      : info.isSymbolicLink()
        ? "a symlink"
        : info.isFIFO()
          ? "a FIFO"
          : info.isSocket()
            ? "a socket"
            : info.isDirectory()
              ? "a folder"
              : "a device or other special file";
  return `${name} is ${kind}, not a lock file; remove it so writers can take turns again.`;
}
