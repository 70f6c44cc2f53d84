import { type Dirent, existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { changeHash } from "./artifact-token.js";
import { containedRealPath } from "./contained-path.js";
import type { Repository } from "./open-repository.js";

/** A change folder that holds a `proposal.md`. */
export type ChangeEntry = {
  name: string;
  archived: boolean;
  /** The full SHA-256 behind its token. */
  hash: string;
  /** The change folder. */
  dir: string;
};

export type ChangeScan = { active: ChangeEntry[]; archived: ChangeEntry[] };

/** The active and archived changes of a repository, each sorted by name. */
export function scanChanges(repository: Repository): ChangeScan {
  const changesDir = join(repository.openspecDir, "changes");
  const archiveDir = join(changesDir, "archive");
  return {
    active: scanChangeFolder(repository, changesDir, false),
    archived: scanChangeFolder(repository, archiveDir, true),
  };
}

/** Change folder names under one folder, without checking for `proposal.md`: cheap. */
export function listChangeFolderNames(folder: string, archived: boolean): string[] {
  return readFolders(folder)
    .filter((entry) => archived || entry.name !== "archive")
    .map((entry) => entry.name);
}

function scanChangeFolder(
  repository: Repository,
  folder: string,
  archived: boolean,
): ChangeEntry[] {
  const changes: ChangeEntry[] = [];
  for (const entry of readFolders(folder)) {
    if (!archived && entry.name === "archive") continue;
    const dir = join(folder, entry.name);
    // A symlinked change folder counts only while it stays inside the repository.
    if (entry.isSymbolicLink() && containedRealPath(repository, dir) === null) continue;
    if (!existsSync(join(dir, "proposal.md"))) continue;
    changes.push({ name: entry.name, archived, hash: changeHash(entry.name), dir });
  }
  return changes.sort((a, b) => compareNames(a.name, b.name));
}

function readFolders(folder: string): Dirent[] {
  try {
    return readdirSync(folder, { withFileTypes: true }).filter(
      (entry) => (entry.isDirectory() || entry.isSymbolicLink()) && !entry.name.startsWith("."),
    );
  } catch {
    return [];
  }
}

export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Every active change folder, with or without `proposal.md`: what the
 * OpenSpec CLI counts as a change (`openspec new change` starts without one).
 */
export function listActiveChangeFolders(repository: Repository): string[] {
  return listChangeFolderNames(join(repository.openspecDir, "changes"), false).sort(compareNames);
}
