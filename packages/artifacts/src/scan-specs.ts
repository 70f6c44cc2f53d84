import { specHash } from "./artifact-token.js";
import { cachedFolderReader } from "./cache/cached-folder-reader.js";
import { containedRealPath } from "./contained-path.js";
import type { Repository } from "./open-repository.js";
import { compareNames } from "./scan-changes.js";

/** A `spec.md` under a specs folder. */
export type SpecEntry = {
  /** The folder path relative to the specs folder, e.g. `platform/session`. */
  id: string;
  /** The file path relative to the specs folder, e.g. `platform/session/spec.md`. */
  path: string;
  /** The full SHA-256 behind its token. */
  hash: string;
  /** The absolute path of the file. */
  file: string;
};

/** A spec before its token is derived: what listing a repository needs. */
export type SpecFile = Omit<SpecEntry, "hash">;

/** Every `spec.md` below `specsDir` (nested ids included), sorted by id. */
export function scanSpecs(repository: Repository, specsDir: string): SpecEntry[] {
  return scanSpecFiles(repository, specsDir).map((spec) => ({
    ...spec,
    hash: specHash(spec.path),
  }));
}

/** `scanSpecs` without tokens. Folders unchanged since the last walk cost one stat each. */
export function scanSpecFiles(repository: Repository, specsDir: string): SpecFile[] {
  const specs: SpecFile[] = [];
  // A specs folder that is (or sits behind) a symlink out of the repository lists nothing.
  if (containedRealPath(repository, specsDir) === null) return specs;
  walk(repository, specsDir, "", specs, 0);
  return specs.sort((a, b) => compareNames(a.id, b.id));
}

/** Folders deeper than this are not specs but a loop or an accident. */
const MAX_DEPTH = 16;

function walk(
  repository: Repository,
  dir: string,
  prefix: string,
  specs: SpecFile[],
  depth: number,
): void {
  for (const child of childrenOf(dir)) {
    if (child.isLink && containedRealPath(repository, child.full) === null) continue;
    if (child.name === "spec.md" && prefix !== "" && (child.isFile || child.isLink)) {
      specs.push({ id: prefix, path: `${prefix}/spec.md`, file: child.full });
    } else if ((child.isDirectory || child.isLink) && depth < MAX_DEPTH) {
      walk(
        repository,
        child.full,
        prefix === "" ? child.name : `${prefix}/${child.name}`,
        specs,
        depth + 1,
      );
    }
  }
}

type Child = { name: string; full: string; isLink: boolean; isFile: boolean; isDirectory: boolean };

/** The entries of a folder that are not hidden, with their full paths. */
const childrenOf = cachedFolderReader((dir, entries): Child[] => {
  const children: Child[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    children.push({
      name: entry.name,
      // Names from a listing hold no separator, so plain concatenation is the joined path.
      full: `${dir}/${entry.name}`,
      isLink: entry.isSymbolicLink(),
      isFile: entry.isFile(),
      isDirectory: entry.isDirectory(),
    });
  }
  return children;
}, 50_000);
