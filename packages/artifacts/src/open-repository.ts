import { realpathSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { type Failure, failure } from "./failure.js";
import { isDirectory } from "./is-directory.js";

/** A repository on disk, checked once so that every later path can be tested against it. */
export type Repository = {
  /** The folder that holds `openspec/` (or the opened folder itself when none does). */
  root: string;
  /** `root` with every symlink resolved: the boundary nothing may leave. */
  realRoot: string;
  /** `<root>/openspec`. */
  openspecDir: string;
  /** Whether `openspec/` exists as a folder. */
  hasOpenSpec: boolean;
};

export type OpenRepositoryOptions = {
  /**
   * Whether the repository may be an ancestor of the folder: true for a
   * workdir (the nearest folder at or above it that holds `openspec/`, as the
   * OpenSpec CLI looks for it), false for a registered source, which is its own
   * root even when it has no `openspec/` and an ancestor has one.
   */
  searchUpward: boolean;
};

/** Checks a folder and finds its repository (see `OpenRepositoryOptions`). */
export function openRepository(
  workdir: unknown,
  options: OpenRepositoryOptions = { searchUpward: true },
): { ok: true; repository: Repository } | Failure {
  if (typeof workdir !== "string" || workdir.trim().length === 0) {
    return failure("invalid_workdir", "The workdir is empty.", {
      fix: "Pass the absolute path of a repository folder, or a registered source name.",
    });
  }
  if (workdir.includes("\0")) {
    return failure("invalid_workdir", "The workdir contains a NUL byte.", {
      fix: "Pass the absolute path of a repository folder.",
    });
  }
  if (!isAbsolute(workdir)) {
    return failure("invalid_workdir", `The workdir "${workdir}" is not an absolute path.`, {
      fix: "Pass an absolute path, or a registered source name as {field:source}.",
    });
  }
  const start = resolve(workdir);
  if (!isDirectory(start)) {
    return failure(
      "invalid_workdir",
      `The workdir ${start} does not exist or is not a directory.`,
      {
        fix: "Pass the path of an existing repository folder.",
      },
    );
  }
  const root = options.searchUpward
    ? findOpenSpecRoot(start)
    : isDirectory(join(start, "openspec"))
      ? start
      : null;
  const base = root ?? start;
  return {
    ok: true,
    repository: {
      root: base,
      realRoot: realpathSync.native(base),
      openspecDir: join(base, "openspec"),
      hasOpenSpec: root !== null,
    },
  };
}

function findOpenSpecRoot(start: string): string | null {
  let current = start;
  for (;;) {
    if (isDirectory(join(current, "openspec"))) return current;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
