import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  linkSync,
  lstatSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { codeOf } from "./error-code.js";
import { messageOf } from "./error-message.js";
import type { FolderHandle } from "./open-folder-inside.js";
import { pathExists } from "./path-exists.js";

export type AtomicWriteResult =
  | { ok: true; overwritten: boolean }
  | {
      ok: false;
      /**
       * exists: the file is there and overwrite was off; moved: the folder was
       * moved or replaced during the write, nothing was written; outside: the
       * folder was moved out of the repository just as the file went in, and
       * the file was taken back out; io: the filesystem refused.
       */
      reason: "exists" | "moved" | "outside" | "io";
      error: string;
    };

const NEW_FILE = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/**
 * Writes `name` in an open folder so readers see either the old or the new
 * content, never a part: the content goes to a temporary file in that folder,
 * then replaces the file with a rename (overwrite) or appears with a hard link
 * that fails when the file already exists (no overwrite, race-free). Every
 * step names the file relative to the open folder, and the temporary file's
 * real path is checked before it is put in place. The temporary file never
 * outlives a failure.
 */
export function writeFileAtomic(
  folder: FolderHandle,
  name: string,
  content: string,
  options: { overwrite: boolean },
  inside: (realPath: string) => boolean,
): AtomicWriteResult {
  const where = join(folder.realPath, name);
  const tempName = `.${name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const temp = folder.entry(tempName);
  const target = folder.entry(name);
  let written: { dev: number; ino: number } | null = null;
  try {
    // A replaced file keeps its permissions: a private file (0600) must not turn world-readable.
    const keptMode = options.overwrite ? regularFileMode(target) : null;
    const fd = openSync(temp, NEW_FILE, 0o644);
    try {
      if (keptMode !== null) fchmodSync(fd, keptMode);
      writeSync(fd, content);
      fsyncSync(fd);
      const stat = fstatSync(fd);
      written = { dev: stat.dev, ino: stat.ino };
      if (!folder.holds(fd, tempName)) return moved(where);
    } finally {
      closeSync(fd);
    }
    // lstat, never an open: a FIFO at the target would block an open.
    const existed = pathExists(target);
    if (options.overwrite) {
      renameSync(temp, target);
    } else {
      try {
        linkSync(temp, target);
      } catch (error) {
        if (codeOf(error) === "EEXIST")
          return { ok: false, reason: "exists", error: `${where} already exists.` };
        throw error;
      }
    }
    // The folder may have been moved away between the check and the rename.
    if (!folder.inPlace()) return takeBack(folder, target, written, where, inside);
    syncFolder(folder.fd);
    return { ok: true, overwritten: options.overwrite && existed };
  } catch (error) {
    const message = messageOf(error).replaceAll(folder.entry(""), `${folder.realPath}/`);
    return { ok: false, reason: "io", error: `Could not write ${where}: ${message}.` };
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // Already renamed into place, or never created.
    }
  }
}

function moved(where: string): AtomicWriteResult {
  return {
    ok: false,
    reason: "moved",
    error: `The folder of ${where} was moved or replaced during the write; nothing was written.`,
  };
}

/**
 * The file went into a folder that had just moved: when it moved out of the
 * repository, the file is removed again (only if it is still the one written).
 */
function takeBack(
  folder: FolderHandle,
  target: string,
  written: { dev: number; ino: number } | null,
  where: string,
  inside: (realPath: string) => boolean,
): AtomicWriteResult {
  const now = folder.currentRealPath();
  if (now !== null && inside(now)) {
    return {
      ok: false,
      reason: "moved",
      error: `The folder of ${where} was moved to ${now} during the write; the file was written there.`,
    };
  }
  try {
    const stat = lstatSync(target);
    if (written && stat.dev === written.dev && stat.ino === written.ino) unlinkSync(target);
  } catch {
    // Gone already.
  }
  return {
    ok: false,
    reason: "outside",
    error: `The folder of ${where} was moved out of the repository during the write; the file was removed again.`,
  };
}

/** The permission bits of a regular file at the path; null for anything else or nothing. */
function regularFileMode(path: string): number | null {
  try {
    const stat = lstatSync(path);
    return stat.isFile() ? stat.mode & 0o7777 : null;
  } catch {
    return null;
  }
}

/** Makes the rename itself durable across a crash. */
function syncFolder(fd: number): void {
  try {
    fsyncSync(fd);
  } catch {
    // Some filesystems refuse to sync a folder; the rename is still atomic.
  }
}
