import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  linkSync,
  lstatSync,
  openSync,
  renameSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";

export type AtomicWriteResult =
  | { ok: true; overwritten: boolean }
  | { ok: false; reason: "exists" | "io"; error: string };

/**
 * Writes a file so readers see either the old or the new content, never a
 * part: the content goes to a temporary file beside the target, then replaces
 * it with a rename (overwrite) or appears with a hard link that fails when the
 * target already exists (no overwrite, race-free).
 */
export function writeFileAtomic(
  path: string,
  content: string,
  options: { overwrite: boolean },
): AtomicWriteResult {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    const fd = openSync(temp, "wx", 0o644);
    try {
      writeSync(fd, content);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (options.overwrite) {
      const existed = linkExists(path);
      renameSync(temp, path);
      syncFolder(dir);
      return { ok: true, overwritten: existed };
    }
    try {
      linkSync(temp, path);
    } catch (error) {
      if (isCode(error, "EEXIST"))
        return { ok: false, reason: "exists", error: `${path} already exists.` };
      throw error;
    }
    syncFolder(dir);
    return { ok: true, overwritten: false };
  } catch (error) {
    return { ok: false, reason: "io", error: `Could not write ${path}: ${messageOf(error)}.` };
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // Already renamed into place, or never created.
    }
  }
}

/** Whether something is at the path; never opens it (a FIFO there would block an open). */
function linkExists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Makes the rename itself durable across a crash. */
function syncFolder(dir: string): void {
  try {
    const fd = openSync(dir, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Some filesystems refuse to sync a folder; the rename is still atomic.
  }
}

function isCode(error: unknown, code: string): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === code;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.replace(/\.$/, "") : String(error);
}
