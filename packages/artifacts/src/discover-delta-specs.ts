import { type Dirent, realpathSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { parseDeltaSpec } from "@org/openspec-spec-parser";
import { readFolderEntries } from "./cli-listing/read-folder-entries.js";
import { yieldEvery } from "./cli-listing/yield-every.js";
import { containedRealPath } from "./contained-path.js";
import { codeOf } from "./error-code.js";
import { type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import { readContainedFile } from "./read-contained-text.js";
import { codeOfError } from "./read-regular-file.js";
import { isReported, readFailure } from "./read-warning.js";
import { compareNames } from "./scan-changes.js";

/** A finding about a change as a whole, in the CLI's words where it has them. */
export type ArchiveDiagnostic = {
  code:
    | "root_delta_spec"
    | "unread_delta_file"
    | "symlinked_folder_skipped"
    | "archive_target_exists"
    | "retirement_not_previewed"
    | "specs_not_a_folder"
    | "delta_spec_outside_change"
    | "change_without_deltas";
  severity: "error" | "warning";
  message: string;
  /** Relative to the repository root. */
  path?: string;
};

export type DeltaSpecFile = { id: string; file: string };
export type DeltaSpecDiscovery = { specs: DeltaSpecFile[]; diagnostics: ArchiveDiagnostic[] };

/**
 * The delta specs `openspec archive` merges, found as it finds them: every
 * `spec.md` in a capability folder at any depth, dot entries skipped,
 * symlinked folders not followed. A `specs/spec.md` or another Markdown file
 * with delta sections is never merged, and the CLI refuses the change for it.
 * Folders are listed in batches and the event loop gets a turn every
 * `ENTRIES_PER_TURN` entries, so a change with thousands of delta specs
 * never holds a server's other callers.
 */
export async function discoverDeltaSpecs(
  repository: Repository,
  specsDir: string,
  maxBytes: number,
): Promise<DeltaSpecDiscovery | Failure> {
  const specs: DeltaSpecFile[] = [];
  const diagnostics: ArchiveDiagnostic[] = [];
  const shown = (path: string) => relative(repository.root, path);
  const outside = (path: string) =>
    failure(
      "path_outside_repository",
      `${shown(path)} is a symlink that leads outside the repository.`,
      {
        fix: "Replace the symlink with the folder or file itself.",
        path: shown(path),
      },
    );

  const pause = yieldEvery(ENTRIES_PER_TURN);
  const walk = async (dir: string, segments: string[]): Promise<Failure | null> => {
    let entries: Dirent[];
    try {
      entries = (await readFolderEntries(dir, Number.POSITIVE_INFINITY)) as Dirent[];
    } catch (error) {
      // The CLI treats only a missing folder as empty: a file where the folder
      // should be stops the archive.
      if (codeOf(error) === "ENOTDIR") {
        diagnostics.push({
          code: "specs_not_a_folder",
          severity: "error",
          message: `${shown(dir)} is a file, not a folder: openspec archive stops on it (ENOTDIR).`,
          path: shown(dir),
        });
        return null;
      }
      const code = codeOfError(error);
      if (code === "missing") return null;
      return readFailure(
        repository,
        dir,
        code === "unreadable" ? "unreadable" : "not_a_regular_file",
      );
    }
    for (const entry of entries.sort((a, b) => compareNames(a.name, b.name))) {
      await pause();
      if (entry.name.startsWith(".")) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        const failed = await walk(path, [...segments, entry.name]);
        if (failed) return failed;
        continue;
      }
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      if (entry.isSymbolicLink()) {
        if (containedRealPath(repository, path) === null) {
          if (!dangles(path)) return outside(path);
          continue;
        }
        if (statSync(path).isDirectory()) {
          diagnostics.push({
            code: "symlinked_folder_skipped",
            severity: "warning",
            message: `${shown(path)} is a symlinked folder; openspec archive does not follow it, so its delta specs are not merged.`,
            path: shown(path),
          });
          continue;
        }
      }
      if (entry.name === "spec.md" && segments.length > 0) {
        // A linked spec.md must stay inside the change's specs folder, or the CLI stops.
        if (entry.isSymbolicLink() && !isInside(realpathSync.native(path), realSpecsDir)) {
          diagnostics.push({
            code: "delta_spec_outside_change",
            severity: "error",
            message: `Path is outside the allowed directory: ${shown(path)}`,
            path: shown(path),
          });
          continue;
        }
        specs.push({ id: segments.join("/"), file: path });
        continue;
      }
      if (entry.name === "spec.md") {
        if (statSync(path).isFile()) {
          diagnostics.push({
            code: "root_delta_spec",
            severity: "error",
            message:
              "Delta spec found at specs/spec.md. Delta specs must live under a capability path (e.g. specs/<capability-path>/spec.md) — a file at the specs/ root is ignored when the change is applied or archived.",
            path: shown(path),
          });
        }
        continue;
      }
      if (!entry.name.toLowerCase().endsWith(".md")) continue;
      const read = readContainedFile(repository, path, maxBytes);
      if (!read.ok) {
        if (isReported(read.code)) return readFailure(repository, path, read.code);
        continue;
      }
      if (parseDeltaSpec(read.text).ok) {
        const relativePath = [...segments, entry.name].join("/");
        const capability =
          segments.length > 0 ? segments.join("/") : entry.name.slice(0, -".md".length);
        diagnostics.push({
          code: "unread_delta_file",
          severity: "error",
          message: `Delta spec found at specs/${relativePath}. Delta specs must be a spec.md inside a capability folder — this file is ignored when the change is applied or archived. Move its requirements into specs/${capability}/spec.md.`,
          path: shown(path),
        });
      }
    }
    return null;
  };

  if (containedRealPath(repository, specsDir) === null && !dangles(specsDir)) {
    return outside(specsDir);
  }
  const realSpecsDir = containedRealPath(repository, specsDir) ?? specsDir;
  const failed = await walk(specsDir, []);
  if (failed) return failed;
  return { specs: specs.sort((a, b) => compareNames(a.id, b.id)), diagnostics };
}

/** Entries handled between two turns of the event loop: each costs at most a stat or a small read. */
const ENTRIES_PER_TURN = 256;

function isInside(path: string, dir: string): boolean {
  return path.startsWith(`${dir}${sep}`);
}

/** Whether a path is missing (a dangling link counts), as opposed to leading out of the repository. */
function dangles(path: string): boolean {
  try {
    realpathSync.native(path);
    return false;
  } catch {
    return true;
  }
}
