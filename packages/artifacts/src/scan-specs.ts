import { type Dirent, readdirSync } from "node:fs";
import { join } from "node:path";
import { specHash } from "./artifact-token.js";
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

/** Every `spec.md` below `specsDir` (nested ids included), sorted by id. */
export function scanSpecs(repository: Repository, specsDir: string): SpecEntry[] {
  const specs: SpecEntry[] = [];
  walk(repository, specsDir, "", specs, 0);
  return specs.sort((a, b) => compareNames(a.id, b.id));
}

/** Folders deeper than this are not specs but a loop or an accident. */
const MAX_DEPTH = 16;

function walk(
  repository: Repository,
  dir: string,
  prefix: string,
  specs: SpecEntry[],
  depth: number,
): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const full = join(dir, entry.name);
    const isLink = entry.isSymbolicLink();
    if (isLink && containedRealPath(repository, full) === null) continue;
    if (entry.name === "spec.md" && prefix !== "" && (entry.isFile() || isLink)) {
      const path = `${prefix}/spec.md`;
      specs.push({ id: prefix, path, hash: specHash(path), file: full });
    } else if ((entry.isDirectory() || isLink) && depth < MAX_DEPTH) {
      walk(
        repository,
        full,
        prefix === "" ? entry.name : `${prefix}/${entry.name}`,
        specs,
        depth + 1,
      );
    }
  }
}
