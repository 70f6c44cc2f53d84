import { join, relative } from "node:path";
// The parser of tasks alone: the package index would load the markdown writers as well.
import { parseTasks } from "@org/openspec-spec-parser/parse-tasks";
import { cachedParser } from "./cache/cached-parser.js";
import { finishNow } from "./finish-now.js";
import type { Repository } from "./open-repository.js";
import { readContainedFile } from "./read-contained-text.js";
import { DEFAULT_MAX_ARTIFACT_BYTES, type FileText } from "./read-regular-file.js";
import { isReported, type ReadWarning, readWarning, truncatedWarning } from "./read-warning.js";
import type { ChangeFolder } from "./scan-changes.js";
import { scanSpecFolder } from "./scan-specs.js";

/** Task progress from a change's `tasks.md`. */
export type TaskProgress = { completed: number; total: number };

/** Everything an agent needs to work on one change. */
export type ChangeContent = {
  name: string;
  token: string;
  archived: boolean;
  /** The folder has no `proposal.md` (yet): `openspec new change` scaffolded it, or it holds only other files; `proposal` is null. */
  scaffolded: boolean;
  /** The change folder relative to the repository root. */
  path: string;
  proposal: string | null;
  tasks: string | null;
  design: string | null;
  task_progress: TaskProgress | null;
  /** Each delta spec file, its path relative to the change folder; `truncated` and `size` when it was cut. */
  specs: DeltaSpecContent[];
  /**
   * Files that are there but were not read (`unreadable`, `not_a_regular_file`,
   * `unsupported_encoding`) or were cut (`truncated`), and spec folders left
   * out (`symlink_loop`, `symlink_duplicate`); omitted when there are none.
   */
  warnings?: ReadWarning[];
};

export type DeltaSpecContent = { path: string; content: string; truncated?: true; size?: number };

/**
 * The content of a change; `token` is the one its repository hands out for it.
 * Each file is read up to `maxBytes`; a missing file is `null`, and one that is
 * there but cannot be read is `null` with a warning that says why. Reads every
 * file at once: for a command-line run. A server reads the same answer with
 * `changeReading` in turns (`resolveContextAsync`).
 */
export function readChange(
  repository: Repository,
  change: ChangeFolder,
  token: string,
  maxBytes: number = DEFAULT_MAX_ARTIFACT_BYTES,
): ChangeContent {
  return finishNow(changeReading(repository, change, token, maxBytes));
}

/** Files read between two turns of the event loop, when they are small. */
const FILES_PER_TURN = 32;
/** Bytes read between two turns of the event loop: a 1 MiB file takes a turn of its own. */
const BYTES_PER_TURN = 1024 * 1024;

/**
 * `readChange` as a generator that yields after every 32 files or every MiB
 * read, whichever comes first: each file is one short, bounded read (a FIFO is
 * never waited on), and a change of thousands of delta specs is read in as
 * many slices, with `finishInTurns` giving the event loop a turn between
 * them. A change of a few files is read in one slice.
 */
export function* changeReading(
  repository: Repository,
  change: ChangeFolder,
  token: string,
  maxBytes: number = DEFAULT_MAX_ARTIFACT_BYTES,
): Generator<void, ChangeContent> {
  const warnings: ReadWarning[] = [];
  if (change.unreadable) {
    // One warning for the folder says it all; each file in it would say the same.
    warnings.push(readWarning(repository, change.dir, "unreadable"));
    return { ...emptyChange(repository, change, token), warnings };
  }
  let files = 0;
  let bytes = 0;
  const read = (path: string): FileText | null => {
    const result = readContainedFile(repository, path, maxBytes);
    files += 1;
    if (!result.ok) {
      if (isReported(result.code)) warnings.push(readWarning(repository, path, result.code));
      return null;
    }
    bytes += Math.min(result.size, maxBytes);
    if (result.truncated) warnings.push(truncatedWarning(repository, path, result.size, maxBytes));
    return result;
  };
  const sliceSpent = () => {
    if (files < FILES_PER_TURN && bytes < BYTES_PER_TURN) return false;
    files = 0;
    bytes = 0;
    return true;
  };
  const proposal = read(join(change.dir, "proposal.md"));
  const tasks = read(join(change.dir, "tasks.md"));
  const design = read(join(change.dir, "design.md"));
  const scan = scanSpecFolder(repository, join(change.dir, "specs"));
  warnings.push(...scan.warnings);
  const deltaSpecs: DeltaSpecContent[] = [];
  for (const spec of scan.specs) {
    if (sliceSpent()) yield;
    const content = read(spec.file);
    if (content === null) continue;
    const cut = content.truncated ? { truncated: true as const, size: content.size } : {};
    deltaSpecs.push({ path: `specs/${spec.path}`, content: content.text, ...cut });
  }
  return {
    ...emptyChange(repository, change, token),
    proposal: proposal?.text ?? null,
    tasks: tasks?.text ?? null,
    design: design?.text ?? null,
    task_progress: tasks === null ? null : taskProgress(tasks.text),
    specs: deltaSpecs,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function emptyChange(repository: Repository, change: ChangeFolder, token: string): ChangeContent {
  return {
    name: change.name,
    token,
    archived: change.archived,
    scaffolded: change.scaffolded,
    path: relative(repository.root, change.dir),
    proposal: null,
    tasks: null,
    design: null,
    task_progress: null,
    specs: [],
  };
}

function taskProgress(markdown: string): TaskProgress {
  const list = parseTasks(markdown);
  return { completed: list.completed, total: list.total };
}

const cachedTaskProgress = cachedParser(taskProgress, 50_000);

/**
 * Progress of a `tasks.md`, or null when the change has none; parsed again
 * only when the file changed. A `tasks.md` that is there but cannot be read is
 * null too, and `warnings` gets why.
 */
export function readTaskProgress(
  repository: Repository,
  change: ChangeFolder,
  warnings: ReadWarning[] = [],
  maxBytes: number = DEFAULT_MAX_ARTIFACT_BYTES,
): TaskProgress | null {
  // The listing already warns about a change folder that may not be searched.
  if (change.unreadable) return null;
  const path = join(change.dir, "tasks.md");
  const read = cachedTaskProgress(repository, path, maxBytes);
  if (read.ok) return { ...read.value };
  if (isReported(read.code)) warnings.push(readWarning(repository, path, read.code));
  return null;
}
