import {
  closeSync,
  constants,
  fstatSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { codeOf } from "./error-code.js";
import type { FolderHandle } from "./open-folder-inside.js";

const NEW_LOCK = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;
/** A lock older than this is left over from a process that died without cleaning up. */
const STALE_AFTER_MS = 30_000;
const RETRY_EVERY_MS = 15;

/**
 * Runs `work` while holding `name` in `folder` as a lock file, so writers in
 * other processes (another host of the same repository) take turns. A lock
 * whose process is gone, or that is older than 30 s, is taken over. Resolves
 * to `busy` when the lock stays held past `waitMs`.
 */
export async function holdFolderLock<T>(
  folder: FolderHandle,
  name: string,
  work: () => T,
  waitMs = 10_000,
): Promise<{ ok: true; value: T } | { ok: false; reason: "busy" | "io"; error: string }> {
  const path = folder.entry(name);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const fd = tryCreate(path);
    if (typeof fd === "string") return { ok: false, reason: "io", error: fd };
    if (fd !== null) {
      try {
        return { ok: true, value: work() };
      } finally {
        release(path, fd);
      }
    }
    if (isStale(path)) {
      try {
        unlinkSync(path);
      } catch {
        // Another process took it over first; try again.
      }
      continue;
    }
    if (Date.now() >= deadline) {
      return { ok: false, reason: "busy", error: `${name} stayed locked for ${waitMs} ms.` };
    }
    await new Promise((resolve) => setTimeout(resolve, RETRY_EVERY_MS));
  }
}

/** The lock's descriptor, null when another process holds it, or why it cannot be made. */
function tryCreate(path: string): number | null | string {
  try {
    const fd = openSync(path, NEW_LOCK, 0o600);
    writeSync(fd, String(process.pid));
    return fd;
  } catch (error) {
    if (codeOf(error) === "EEXIST") return null;
    return error instanceof Error ? error.message : String(error);
  }
}

function release(path: string, fd: number): void {
  try {
    // Only remove the lock if it is still ours: a stale takeover may have replaced it.
    const ours = fstatSync(fd);
    const there = statSync(path);
    if (ours.ino === there.ino && ours.dev === there.dev) unlinkSync(path);
  } catch {
    // Already gone.
  } finally {
    closeSync(fd);
  }
}

function isStale(path: string): boolean {
  try {
    const age = Date.now() - statSync(path).mtimeMs;
    if (age > STALE_AFTER_MS) return true;
    const pid = Number.parseInt(readFileSync(path, "utf8"), 10);
    // A lock being written has no pid yet; give its writer a moment.
    if (!Number.isInteger(pid) || pid <= 0) return age > 1000;
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // ESRCH: its process is gone. ENOENT: released meanwhile, so try again at once.
    const code = codeOf(error);
    return code === "ESRCH" || code === "ENOENT";
  }
}
