import { randomBytes } from "node:crypto";
import type { Dirent } from "node:fs";
import { renameSync, rmSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { archivedFoldersOf } from "./archived-folders-of.js";
import { type ChangeContentInput, checkChangeContent } from "./change-content.js";
import { type ChangeDocument, changeDocuments } from "./change-documents.js";
import { changeMetadata, skipsSpecs } from "./change-metadata.js";
import { type ChangeWarning, changeWarnings } from "./change-warnings.js";
import { checkWritableInside } from "./check-writable-inside.js";
import { byteOrder, readFolderEntries } from "./cli-listing/read-folder-entries.js";
import { containedRealPath, isInsideRoot, isWritableInside } from "./contained-path.js";
import { codeOf } from "./error-code.js";
import { messageOf } from "./error-message.js";
import { type Failure, failure } from "./failure.js";
import { isFile } from "./is-file.js";
import { noOpenSpecRoot } from "./no-openspec-root.js";
import { type FolderHandle, openFolderInside } from "./open-folder-inside.js";
import type { Repository } from "./open-repository.js";
import { pathExists } from "./path-exists.js";
import { readListingsAhead } from "./read-listings-ahead.js";
import { repositoryTokens } from "./repository-tokens.js";
import { scanSpecFiles } from "./scan-specs.js";
import { type AtomicWriteResult, writeFileAtomic } from "./write-file-atomic.js";

export type CreateChangeInput = ChangeContentInput & {
  /**
   * The `.openspec.yaml` text `openspec new change` wrote for this change; when
   * absent the same metadata (`schema`, `created`) is made here.
   */
  metadata?: string | null;
  /** Replace the files of an existing active change of that name. */
  force?: boolean;
};

export type CreatedChange = {
  ok: true;
  name: string;
  /** The change's token, as the context answer hands it out. */
  token: string;
  /** The change folder, relative to the repository root. */
  path: string;
  /** The workflow schema its `.openspec.yaml` names. */
  schema: string;
  /** Every file written, relative to the repository root. */
  files: string[];
  /** Whether an existing file of the change was replaced (force). */
  overwritten: boolean;
  warnings: ChangeWarning[];
};

type Written = { ok: true; files: string[]; overwritten: boolean; left: string[] } | Failure;

const METADATA = ".openspec.yaml";

/**
 * Writes a new change, `openspec/changes/<name>/`, with its proposal, tasks,
 * design, delta specs and `.openspec.yaml`. A new change is written into a
 * hidden folder beside it and renamed into place, so it appears whole or not
 * at all; an existing one is refused (`change_exists`) unless `force`, which
 * replaces each given file atomically and leaves the others (named in warnings).
 * Nothing is written outside the change folder. The folders it lists (the
 * change's own files, the archive, the specs and changes for the token) are
 * read in batches first, so a repository of 100,000 changes never holds a
 * server's other callers.
 */
export async function createChange(
  repository: Repository,
  input: CreateChangeInput,
): Promise<CreatedChange | Failure> {
  const bad = checkChangeContent(input);
  if (bad) return bad;
  if (!repository.hasOpenSpec) return noOpenSpecRoot(repository);
  const changesDir = join(repository.openspecDir, "changes");
  const changeDir = join(changesDir, input.name);
  const path = relative(repository.root, changeDir);
  const leads = checkWritableInside(
    repository,
    changeDir,
    (link) => `Remove the symlink ${link} or create the change somewhere else.`,
  );
  if (leads) return leads;
  const baseline = (specId: string) => isSpec(repository, specId);
  const metadata =
    input.metadata != null
      ? { schema: schemaOf(input.metadata), text: input.metadata }
      : changeMetadata(repository, input.schema);
  const documents = [
    ...changeDocuments(input, baseline),
    { path: METADATA, content: withSourceIdea(metadata.text, input.sourceIdea?.path) },
  ];

  const opened = openFolderInside(repository, changesDir, { create: true });
  if (!opened.ok) return opened.code === "path_outside_repository" ? outside(path) : opened;
  let written: Written;
  try {
    const exists = pathExists(opened.handle.entry(input.name));
    if (exists && input.force !== true) return changeExists(path);
    written = exists
      ? await replaceFiles(repository, changeDir, documents, input.schema != null)
      : writeStaged(repository, opened.handle, changesDir, input.name, documents);
  } finally {
    opened.handle.close();
  }
  if (!written.ok) return written;

  const scans = await readListingsAhead(repository.root);
  // The archive was read ahead in turns with the listings.
  const archived = archivedFoldersOf(repository, input.name);
  const specsDir = join(repository.openspecDir, "specs");
  const specs = scans.get(specsDir)?.specs ?? scanSpecFiles(repository, specsDir);
  const tokens = repositoryTokens(repository, specs);
  return {
    ok: true,
    name: input.name,
    token: tokens.tokenOf(tokens.changeHash(input.name, false)),
    path,
    schema: metadata.schema,
    files: written.files.map((file) => join(path, file)),
    overwritten: written.overwritten,
    warnings: [
      ...changeWarnings(input, baseline, skipsSpecs(metadata.text)),
      // An archived change of the same name is allowed (archive folders carry a date), but worth knowing.
      ...archived.map((entry) => ({
        code: "archived_change_same_name",
        message: `An archived change has the same name (archive/${entry}); name the new one by its token where that matters.`,
      })),
      ...written.left.map((file) => ({
        code: "file_left_in_place",
        message: `${join(path, file)} was there before and is kept; validate and archive still read it.`,
      })),
    ],
  };
}

/**
 * The metadata with `sourceIdea: <path>` added, the key the earlier Hermes
 * plugin wrote for a promoted idea; the OpenSpec CLI ignores keys it does
 * not know.
 */
function withSourceIdea(text: string, path: string | undefined): string {
  if (path === undefined || /^sourceIdea:/m.test(text)) return text;
  return `${text.trimEnd()}\nsourceIdea: ${path}\n`;
}

/** Every file goes into a hidden folder beside the change, which is then renamed into place. */
function writeStaged(
  repository: Repository,
  changes: FolderHandle,
  changesDir: string,
  name: string,
  documents: ChangeDocument[],
): Written {
  const staging = `.${name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    const written = writeDocuments(repository, join(changesDir, staging), documents, false);
    if (!written.ok) return written;
    try {
      renameSync(changes.entry(staging), changes.entry(name));
    } catch (error) {
      const code = codeOf(error);
      // Another writer made a change of that name meanwhile (an empty folder would have been replaced).
      if (code === "ENOTEMPTY" || code === "EEXIST" || code === "ENOTDIR") {
        return changeExists(relative(repository.root, join(changesDir, name)));
      }
      throw error;
    }
    if (!changes.inPlace()) {
      const now = changes.currentRealPath();
      if (now === null || !isInsideRoot(repository, now)) {
        rmSync(changes.entry(name), { recursive: true, force: true });
        return failure(
          "path_outside_repository",
          "The changes folder was moved out of the repository during the write; the change was removed again.",
          { fix: "Stop whatever moves folders of the repository, then call again." },
        );
      }
    }
    return written;
  } catch (error) {
    return failure("write_failed", `Could not write the change ${name}: ${messageOf(error)}.`);
  } finally {
    rmSync(changes.entry(staging), { recursive: true, force: true });
  }
}

/** With force: each given file replaces its namesake atomically; the existing metadata stays unless a schema was given. */
async function replaceFiles(
  repository: Repository,
  changeDir: string,
  documents: ChangeDocument[],
  schemaGiven: boolean,
): Promise<Written> {
  const opened = openFolderInside(repository, changeDir, { create: false });
  if (!opened.ok) {
    return opened.code === "path_outside_repository"
      ? outside(relative(repository.root, changeDir))
      : opened;
  }
  let before: string[];
  try {
    before = await listFiles(opened.handle.realPath);
  } finally {
    opened.handle.close();
  }
  const keepMetadata = !schemaGiven && before.includes(METADATA);
  const toWrite = documents.filter((document) => !(keepMetadata && document.path === METADATA));
  // Checked for every file before the first is replaced, so a link out leaves the change as it was.
  const leading = toWrite.find(
    (document) => !isWritableInside(repository, join(changeDir, ...document.path.split("/"))),
  );
  if (leading) return outside(relative(repository.root, join(changeDir, leading.path)));
  const written = writeDocuments(repository, changeDir, toWrite, true);
  if (!written.ok) return written;
  const writtenPaths = new Set(toWrite.map((document) => document.path));
  return {
    ...written,
    left: before.filter((file) => file !== METADATA && !writtenPaths.has(file)),
  };
}

function writeDocuments(
  repository: Repository,
  root: string,
  documents: ChangeDocument[],
  overwrite: boolean,
): Written {
  const files: string[] = [];
  let overwritten = false;
  for (const document of documents) {
    const file = join(root, ...document.path.split("/"));
    const opened = openFolderInside(repository, dirname(file), { create: true });
    if (!opened.ok) {
      return opened.code === "path_outside_repository"
        ? outside(relative(repository.root, file))
        : opened;
    }
    let result: AtomicWriteResult;
    try {
      result = writeFileAtomic(
        opened.handle,
        basename(file),
        document.content,
        { overwrite },
        (real) => isInsideRoot(repository, real),
      );
    } finally {
      opened.handle.close();
    }
    if (!result.ok) {
      return result.reason === "outside"
        ? failure("path_outside_repository", result.error, {
            fix: "Stop whatever moves folders of the repository, then call again.",
          })
        : failure("write_failed", result.error, {
            fix: "Call again once nothing else is writing the change.",
          });
    }
    overwritten ||= result.overwritten;
    files.push(document.path);
  }
  return { ok: true, files, overwritten, left: [] };
}

/**
 * The files below a change folder (`/`-separated), not following links;
 * bounded so a huge tree cannot stall the answer. Each folder is listed in
 * batches and taken in `readdirSync`'s order, so the first `limit` files are
 * the ones a synchronous walk would give.
 */
async function listFiles(root: string, limit = 1000): Promise<string[]> {
  const files: string[] = [];
  const walk = async (folder: string, prefix: string): Promise<void> => {
    let entries: Dirent[];
    try {
      entries = (await readFolderEntries(folder, Number.POSITIVE_INFINITY)) as Dirent[];
    } catch {
      return;
    }
    entries.sort((a, b) => byteOrder(a.name, b.name));
    for (const entry of entries) {
      if (files.length >= limit) return;
      const path = prefix === "" ? entry.name : `${prefix}/${entry.name}`;
      if (entry.isDirectory()) await walk(join(folder, entry.name), path);
      else files.push(path);
    }
  };
  await walk(root, "");
  return files.sort();
}

function isSpec(repository: Repository, specId: string): boolean {
  const file = join(repository.openspecDir, "specs", ...specId.split("/"), "spec.md");
  return containedRealPath(repository, file) !== null && isFile(file);
}

function schemaOf(metadata: string): string {
  return /^schema:[ \t]*["']?([^"'\s#]+)/m.exec(metadata)?.[1] ?? "spec-driven";
}

function changeExists(path: string): Failure {
  return failure("change_exists", `${path} already exists and was left unchanged.`, {
    fix: "Pass {field:force=true} to replace its files, or choose another name.",
  });
}

function outside(path: string): Failure {
  return failure(
    "path_outside_repository",
    `${path} leads outside the repository through a symlink.`,
    {
      fix: "Remove the symlink or create the change somewhere else.",
    },
  );
}
