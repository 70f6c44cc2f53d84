import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync } from "node:fs";
import { codeOf } from "./error-code.js";

/** Why a file could not be read as text. */
export type FileReadCode =
  | "missing"
  | "outside_repository"
  | "not_a_regular_file"
  | "unreadable"
  | "unsupported_encoding";

export type FileText = {
  ok: true;
  text: string;
  /** The file's size in bytes, as it was when opened. */
  size: number;
  /** Only the first `maxBytes` (cut back to a whole character) were read. */
  truncated: boolean;
};

export type FileReadFailure = { ok: false; code: FileReadCode };

export { DEFAULT_MAX_ARTIFACT_BYTES } from "./artifact-byte-limit.js";

// O_NONBLOCK: opening a FIFO must not wait for a writer; O_NOFOLLOW: the
// caller resolved every link already, so a link here was swapped in since.
// O_NOCTTY: a terminal device must not become the host's controlling terminal.
const OPEN_FLAGS =
  constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW | constants.O_NOCTTY;

/**
 * The UTF-8 text of a regular file, reading at most `maxBytes`. Anything else
 * (FIFO, socket, device, folder) is refused after an `fstat` of the opened
 * handle, so no read can block. `insideRoot`, when given, is checked against
 * the path the kernel reports for the opened handle, so a folder swapped for a
 * link between the caller's check and the open is caught.
 */
export function readRegularFile(
  path: string,
  maxBytes: number,
  insideRoot?: (realPath: string) => boolean,
): FileText | FileReadFailure {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    return { ok: false, code: codeOfError(error) };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, code: "not_a_regular_file" };
    if (insideRoot && !openedInside(fd, insideRoot))
      return { ok: false, code: "outside_repository" };
    const wanted = Math.min(stats.size, maxBytes) + 1;
    const buffer = Buffer.allocUnsafe(wanted);
    let filled = 0;
    while (filled < wanted) {
      const read = readSync(fd, buffer, filled, wanted - filled, null);
      if (read === 0) break;
      filled += read;
    }
    const truncated = stats.size > maxBytes || filled > maxBytes;
    const bytes = buffer.subarray(0, Math.min(filled, maxBytes));
    if (!isTextEncoding(bytes)) return { ok: false, code: "unsupported_encoding" };
    // A streaming decoder holds back a character cut at the end instead of emitting U+FFFD.
    const text = truncated
      ? new TextDecoder("utf-8").decode(bytes, { stream: true })
      : bytes.toString("utf8");
    return { ok: true, text, size: Math.max(stats.size, filled), truncated };
  } catch (error) {
    return { ok: false, code: codeOfError(error) };
  } finally {
    closeSync(fd);
  }
}

/** UTF-16 (a byte order mark) and binary files (a NUL byte) would come back as garbage. */
function isTextEncoding(bytes: Buffer): boolean {
  const [first, second] = bytes;
  if ((first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff)) return false;
  return !bytes.includes(0);
}

/** Where the kernel says the opened file is; unknown (and trusted) without /proc. */
function openedInside(fd: number, insideRoot: (realPath: string) => boolean): boolean {
  let target: string;
  try {
    target = readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return true;
  }
  return insideRoot(target.replace(/ \(deleted\)$/, ""));
}

export function codeOfError(error: unknown): FileReadCode {
  const code = codeOf(error) ?? "";
  if (code === "EACCES" || code === "EPERM") return "unreadable";
  // ENXIO: a socket; EAGAIN: something that would block; ELOOP: a link swapped in after resolving.
  if (["ENXIO", "ENODEV", "EAGAIN", "EWOULDBLOCK", "EISDIR", "ELOOP"].includes(code)) {
    return "not_a_regular_file";
  }
  if (code === "ENOENT" || code === "ENOTDIR" || code === "ENAMETOOLONG") return "missing";
  // EIO and the like: the file is there, the filesystem would not give it up.
  return "unreadable";
}
