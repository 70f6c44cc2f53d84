import {
  closeSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readlinkSync,
  realpathSync,
  statSync,
} from "node:fs";
import { join, relative, sep } from "node:path";
import { isInsideRoot } from "./contained-path.js";
import { entryKind } from "./entry-kind.js";
import { codeOf } from "./error-code.js";
import { messageOf } from "./error-message.js";
import { type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";

/**
 * A folder of the repository held open, so that writes land in that folder
 * even when its path is swapped for a symlink meanwhile.
 */
export type FolderHandle = {
  /** The open folder's descriptor. */
  fd: number;
  /** Its real path when it was opened: where a write must land. */
  realPath: string;
  /** A path that names `name` in the open folder itself (through `/proc/self/fd` where it exists). */
  entry(name: string): string;
  /** Whether the open folder still sits at `realPath`, so a write into it lands there. */
  inPlace(): boolean;
  /** Whether a file opened as `fd` is `name` inside this folder, at its real path. */
  holds(fd: number, name: string): boolean;
  /** The open folder's real path now, or null when it was deleted or cannot be told. */
  currentRealPath(): string | null;
  close(): void;
};

const PROC_FD = "/proc/self/fd";
const DIRECTORY = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
/** As many symlinks as Linux follows in one lookup (SYMLOOP_MAX). */
const MAX_LINKS = 40;

/**
 * Opens `folder` (a path below `repository.root`), one component at a time
 * without following symlinks, creating missing components when `create` is set.
 * A symlink component is allowed only when its real path stays inside the
 * repository; the walk then restarts from the root along that real path, again
 * without following anything. On Linux each step opens the next component
 * relative to the previous one's descriptor (`/proc/self/fd/<fd>/<name>`, the
 * `openat` Node lacks), so a swap of any component cannot redirect the walk.
 */
export function openFolderInside(
  repository: Repository,
  folder: string,
  options: {
    create: boolean;
    /** Whether to go through /proc/self/fd where it exists (default); false tests the fallback. */
    viaProc?: boolean;
  },
): { ok: true; handle: FolderHandle } | Failure {
  const viaProc = options.viaProc !== false;
  const outside = failure(
    "path_outside_repository",
    `${relative(repository.root, folder) || "."} leads outside the repository through a symlink.`,
    { fix: "Remove the symlink or write somewhere else." },
  );
  const parts = components(relative(repository.root, folder));
  if (parts === null) return outside;
  let current: Opened;
  try {
    current = openRoot(repository.realRoot, viaProc);
  } catch (error) {
    return failure("write_failed", `Could not open ${repository.root}: ${messageOf(error)}.`);
  }
  let links = 0;
  let handedOut = false;
  try {
    while (parts.length > 0) {
      const name = parts.shift() as string;
      const path = childPath(current, name);
      let fd = openDirectory(path);
      if (fd === "missing" && options.create) {
        makeFolder(path);
        fd = openDirectory(path);
      }
      if (fd === "missing") {
        return failure("write_failed", `${join(current.realPath, name)} does not exist.`);
      }
      if (fd === "not_directory") {
        return failure("write_failed", `${join(current.realPath, name)} is not a folder.`);
      }
      if (fd === "symlink") {
        const real = realPathOrNull(path);
        links += 1;
        if (real === null || !isInsideRoot(repository, real) || links > MAX_LINKS) return outside;
        const rest = components(relative(repository.realRoot, real));
        if (rest === null) return outside;
        parts.unshift(...rest);
        const root = openRoot(repository.realRoot, viaProc);
        closeSync(current.fd);
        current = root;
        continue;
      }
      const next = opened(fd, join(current.realPath, name), viaProc);
      closeSync(current.fd);
      current = next;
      // Without /proc the walk went by path: re-check that what was opened is what the path names.
      if (!current.proc && !samePlace(current)) return outside;
    }
    if (!isInsideRoot(repository, current.realPath) || !samePlace(current)) return outside;
    handedOut = true;
    return { ok: true, handle: handleOf(current) };
  } catch (error) {
    return failure("write_failed", `Could not open ${folder}: ${messageOf(error)}.`);
  } finally {
    if (!handedOut) closeSync(current.fd);
  }
}

type Opened = { fd: number; realPath: string; proc: boolean };

/**
 * Opens a folder the caller chose outside any repository (a tool's own home,
 * such as Hermes's), at its real path, so writeFileAtomic can write into it.
 * No containment check: there is no repository to stay inside. Throws when the
 * folder cannot be opened.
 */
export function openFolder(path: string): FolderHandle {
  const realPath = realpathSync.native(path);
  const fd = openSync(realPath, constants.O_RDONLY | constants.O_DIRECTORY);
  return handleOf(opened(fd, realPath, true));
}

function openRoot(realRoot: string, viaProc: boolean): Opened {
  const fd = openSync(realRoot, constants.O_RDONLY | constants.O_DIRECTORY);
  const root = opened(fd, realRoot, viaProc);
  if (!samePlace(root)) {
    closeSync(fd);
    throw new Error("the repository folder moved while it was opened");
  }
  return root;
}

function opened(fd: number, realPath: string, viaProc: boolean): Opened {
  return { fd, realPath, proc: viaProc && procPathOf(fd) !== null };
}

function handleOf(folder: Opened): FolderHandle {
  return {
    fd: folder.fd,
    realPath: folder.realPath,
    entry: (name) => childPath(folder, name),
    inPlace: () => samePlace(folder),
    holds: (fd, name) => {
      const expected = join(folder.realPath, name);
      if (folder.proc) return procPathOf(fd) === expected && samePlace(folder);
      return samePlace(folder) && sameFile(fd, expected);
    },
    currentRealPath: () => (folder.proc ? procPathOf(folder.fd) : realPathOrNull(folder.realPath)),
    close: () => closeSync(folder.fd),
  };
}

/** Where `name` inside an open folder is: relative to its descriptor when /proc allows. */
function childPath(folder: Opened, name: string): string {
  return folder.proc ? `${PROC_FD}/${folder.fd}/${name}` : join(folder.realPath, name);
}

/** Whether the open folder is still the one at its recorded real path. */
function samePlace(folder: Opened): boolean {
  if (folder.proc) return procPathOf(folder.fd) === folder.realPath;
  return (
    realPathOrNull(folder.realPath) === folder.realPath && sameFile(folder.fd, folder.realPath)
  );
}

function sameFile(fd: number, path: string): boolean {
  try {
    const held = fstatSync(fd);
    const named = statSync(path);
    return held.dev === named.dev && held.ino === named.ino;
  } catch {
    return false;
  }
}

/** The path the kernel records for a descriptor; null without /proc or for a deleted file. */
function procPathOf(fd: number): string | null {
  try {
    const path = readlinkSync(`${PROC_FD}/${fd}`);
    return path.startsWith("/") && !path.endsWith(" (deleted)") ? path : null;
  } catch {
    return null;
  }
}

function openDirectory(path: string): number | "missing" | "symlink" | "not_directory" {
  try {
    return openSync(path, DIRECTORY);
  } catch (error) {
    const code = codeOf(error);
    if (code === "ENOENT") return "missing";
    if (code === "ELOOP") return "symlink";
    // With O_DIRECTORY, Linux refuses a symlink with ENOTDIR rather than ELOOP.
    if (code === "ENOTDIR") return entryKind(path) === "symlink" ? "symlink" : "not_directory";
    throw error;
  }
}

function makeFolder(path: string): void {
  try {
    mkdirSync(path);
  } catch (error) {
    // Another writer made it first, or a symlink took the name: the next open tells which.
    if (codeOf(error) !== "EEXIST") throw error;
  }
}

function realPathOrNull(path: string): string | null {
  try {
    return realpathSync.native(path);
  } catch {
    return null;
  }
}

/** The components of a relative path; null when it climbs or is absolute. */
function components(path: string): string[] | null {
  if (path === "") return [];
  const parts = path.split(sep);
  return parts.some((part) => part === ".." || part === "" || part === ".") ? null : parts;
}
