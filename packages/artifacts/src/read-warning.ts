import { relative } from "node:path";
import { type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import type { FileReadCode } from "./read-regular-file.js";

/** Something a listing or a change answer left out or cut, and why; omitted from answers when there is none. */
export type ReadWarning = {
  code:
    | "unreadable"
    | "not_a_regular_file"
    | "unsupported_encoding"
    | "symlink_loop"
    | "symlink_duplicate"
    | "truncated";
  /** Relative to the repository root. */
  path: string;
  message: string;
  /** For `truncated`: the file's full size in bytes. */
  size?: number;
};

/** The read failures an answer reports; `missing` and `outside_repository` stay silent, as before. */
export type ReportedReadCode = "unreadable" | "not_a_regular_file" | "unsupported_encoding";

export function isReported(code: FileReadCode): code is ReportedReadCode {
  return code === "unreadable" || code === "not_a_regular_file" || code === "unsupported_encoding";
}

/** One sentence for why `path` could not be read, and what to do about it. */
export function readProblem(
  repository: Repository,
  path: string,
  code: ReportedReadCode,
): { path: string; message: string; fix: string } {
  const shown = relative(repository.root, path) || ".";
  switch (code) {
    case "unreadable":
      return {
        path: shown,
        message: `${shown} cannot be read: permission denied.`,
        fix: "Make it (and the folders above it) readable by the user that runs openspec-agent.",
      };
    case "not_a_regular_file":
      return {
        path: shown,
        message: `${shown} is not a regular file (a FIFO, socket, device or folder), so it is not read.`,
        fix: "Replace it with a regular file.",
      };
    case "unsupported_encoding":
      return {
        path: shown,
        message: `${shown} is not UTF-8 text: it holds NUL bytes or starts with a UTF-16 byte order mark.`,
        fix: "Save it as UTF-8 text.",
      };
  }
}

export function readWarning(
  repository: Repository,
  path: string,
  code: ReportedReadCode,
): ReadWarning {
  const { path: shown, message } = readProblem(repository, path, code);
  return { code, path: shown, message };
}

export function truncatedWarning(
  repository: Repository,
  path: string,
  size: number,
  maxBytes: number,
): ReadWarning {
  const shown = relative(repository.root, path);
  return {
    code: "truncated",
    path: shown,
    message: `${shown} is ${size} bytes; only the first ${maxBytes} are included.`,
    size,
  };
}

/** The failure a read of one artifact answers with, naming the file. */
export function readFailure(repository: Repository, path: string, code: ReportedReadCode): Failure {
  const problem = readProblem(repository, path, code);
  return failure(code, problem.message, { fix: problem.fix, path: problem.path });
}
