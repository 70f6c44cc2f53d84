import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { expandHome } from "./expand-home.js";
import { type RegistryFailure, registryFailure } from "./registry-failure.js";

export interface PathContext {
  readonly home: string;
  /** Base for relative paths; without it a relative path is invalid. */
  readonly cwd?: string;
}

export type NormalizedPathResult = { readonly ok: true; readonly path: string } | RegistryFailure;

/**
 * Turns user input into the absolute path the registry stores: `~` expanded,
 * relative paths resolved against `cwd` (if given), `.`/`..` and trailing slashes
 * removed. Symlinks are kept as given. The directory must exist, but it need
 * not contain `openspec/` yet.
 */
export function normalizeSourcePath(input: string, context: PathContext): NormalizedPathResult {
  if (input.trim() === "") {
    return registryFailure("invalid_path", "The path is empty; pass a repository directory.");
  }
  if (input.includes("\0")) {
    return registryFailure("invalid_path", "The path contains a NUL byte; pass a real path.");
  }
  const expanded = expandHome(input, context.home);
  const joined = context.cwd === undefined ? expanded : resolve(context.cwd, expanded);
  if (!isAbsolute(joined)) {
    return registryFailure(
      "invalid_path",
      `Path ${JSON.stringify(input)} is not absolute after normalization; pass an absolute path.`,
    );
  }
  const path = resolve(joined);
  const kind = directoryKind(path);
  if (kind === "missing") {
    return registryFailure(
      "invalid_path",
      `Path ${path} does not exist; create the directory or pass an existing one.`,
    );
  }
  if (kind === "other") {
    return registryFailure(
      "invalid_path",
      `Path ${path} is not a directory; pass the repository's directory.`,
    );
  }
  return { ok: true, path };
}

function directoryKind(path: string): "directory" | "missing" | "other" {
  try {
    return statSync(path).isDirectory() ? "directory" : "other";
  } catch {
    // ENOENT, ENOTDIR, EACCES...: either way there is no usable directory here.
    return "missing";
  }
}
