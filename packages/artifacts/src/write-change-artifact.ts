import { realpathSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { type ChangeArtifactKind, changeArtifactWarnings } from "./change-artifact-warnings.js";
import type { ChangeWarning } from "./change-warnings.js";
import { checkSpecId } from "./check-name.js";
import { containedRealPath, isInsideRoot } from "./contained-path.js";
import { entryKind } from "./entry-kind.js";
import { type Failure, failure } from "./failure.js";
import { findLinkLoop, linkLoopFailure } from "./find-link-loop.js";
import { holdFolderLock } from "./hold-folder-lock.js";
import { invalidInput } from "./invalid-input.js";
import { isChangeArtifactKind } from "./is-change-artifact-kind.js";
import { locateActiveChangeInTurns } from "./locate-active-change-in-turns.js";
import { lockFailure } from "./lock-failure.js";
import { type FolderHandle, openFolderInside } from "./open-folder-inside.js";
import type { Repository } from "./open-repository.js";
import { DEFAULT_MAX_ARTIFACT_BYTES } from "./read-regular-file.js";
import { TASKS_LOCK } from "./set-task-status.js";
import { writeFileAtomic } from "./write-file-atomic.js";

export type WriteChangeArtifactInput = {
  change: string;
  /**
   * `proposal`, `design`, `tasks`, `spec`, or the id of another artifact of
   * the change's schema (`decisions`), whose file `output` names.
   */
  artifact: string;
  /** The delta spec's id (`auth`, `platform/session`); exactly when `artifact` is `spec`. */
  spec?: string | null;
  /**
   * For an artifact of the change's schema other than the four: its file,
   * relative to the change folder, as the schema's `generates` names it
   * (`decisions.md`, `docs/asyncapi.yaml`); one file, no pattern.
   */
  output?: string | null;
  content: string;
  /** Replace the artifact when it exists. */
  force?: boolean;
  /** The largest content accepted, in bytes. */
  maxBytes?: number;
};

export type WrittenChangeArtifact = {
  ok: true;
  change: string;
  artifact: string;
  spec?: string;
  /** The written file, relative to the repository root. */
  path: string;
  /** Whether the file is new (false: an existing one was replaced with force). */
  created: boolean;
  bytes: number;
  /** What `openspec validate --strict` would object to in the written artifact. */
  warnings: ChangeWarning[];
};

const FILES: Record<Exclude<ChangeArtifactKind, "spec">, string> = {
  proposal: "proposal.md",
  design: "design.md",
  tasks: "tasks.md",
};
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * Writes one artifact of an active change (proposal.md, design.md, tasks.md,
 * specs/<id>/spec.md, or the file another artifact of its schema generates)
 * atomically, byte for byte as given. A new file is
 * created; an existing one is replaced only with `force`. The file must land
 * inside the change folder: a symlinked folder or file that leads anywhere
 * else is refused. tasks.md is written under the same lock as task ticks, so
 * the two take turns.
 */
export async function writeChangeArtifact(
  repository: Repository,
  input: WriteChangeArtifactInput,
): Promise<WrittenChangeArtifact | Failure> {
  const bad = checkInput(input);
  if (bad) return bad;
  // An archived change is refused there, with where it is archived.
  const located = await locateActiveChangeInTurns(repository, input.change);
  if ("ok" in located) return located;
  const specId = input.artifact === "spec" ? (input.spec as string) : null;
  const { folderParts, name } = artifactFile(input, specId);
  const file = join(located.changeDir, ...folderParts, name);
  const path = relative(repository.root, file);
  const changeReal = containedRealPath(repository, located.changeDir);
  if (changeReal === null) return outside(repository, path);
  const folderPath = join(located.changeDir, ...folderParts);
  // Checked before any folder is made, so a link out gets no new folder either.
  if (!staysInside(folderPath, changeReal)) return outside(repository, path);
  const opened = openFolderInside(repository, folderPath, { create: true });
  if (!opened.ok)
    return opened.code === "path_outside_repository" ? outside(repository, path) : opened;
  const folder = opened.handle;
  try {
    // A symlink inside the change may still lead elsewhere in the repository (the baseline specs).
    if (!isWithin(folder.realPath, changeReal)) return outside(repository, path);
    const write = () => writeInto(repository, folder, name, path, input);
    let outcome: { created: boolean } | Failure;
    if (input.artifact === "tasks") {
      const held = await holdFolderLock(folder, TASKS_LOCK, write);
      if (!held.ok) {
        return lockFailure(path, held, "write");
      }
      outcome = held.value;
    } else {
      outcome = write();
    }
    if ("ok" in outcome) return outcome;
    return {
      ok: true,
      change: input.change,
      artifact: input.artifact,
      ...(specId === null ? {} : { spec: specId }),
      path,
      created: outcome.created,
      bytes: Buffer.byteLength(input.content, "utf8"),
      // The CLI checks the four artifacts it knows; another schema artifact is free text.
      warnings: isChangeArtifactKind(input.artifact)
        ? changeArtifactWarnings(input.artifact, input.content)
        : [],
    };
  } finally {
    folder.close();
  }
}

function writeInto(
  repository: Repository,
  folder: FolderHandle,
  name: string,
  path: string,
  input: WriteChangeArtifactInput,
): { created: boolean } | Failure {
  const existing = entryKind(folder.entry(name));
  if (existing === "symlink") {
    const real = containedRealPath(repository, folder.entry(name));
    if (real === null) return outside(repository, path);
    return failure("not_a_regular_file", `${path} is a symlink, not the artifact itself.`, {
      fix: "Replace the symlink with the file, then call again.",
    });
  }
  if (existing === "other") {
    return failure("not_a_regular_file", `${path} exists and is not a regular file.`, {
      fix: "Remove or rename what is there, then call again.",
    });
  }
  const exists = existing === "file";
  if (exists && input.force !== true) return artifactExists(path);
  const written = writeFileAtomic(folder, name, input.content, { overwrite: exists }, (real) =>
    isInsideRoot(repository, real),
  );
  if (written.ok) return { created: !written.overwritten };
  if (written.reason === "exists") return artifactExists(path);
  return written.reason === "outside"
    ? failure("path_outside_repository", written.error, {
        fix: "Stop whatever moves folders of the repository, then call again.",
      })
    : failure("write_failed", written.error, {
        fix: "Call again once nothing else is writing the change.",
      });
}

/** The folders below the change folder and the file name the artifact is written to. */
function artifactFile(
  input: WriteChangeArtifactInput,
  specId: string | null,
): { folderParts: string[]; name: string } {
  if (specId !== null) return { folderParts: ["specs", ...specId.split("/")], name: "spec.md" };
  if (isChangeArtifactKind(input.artifact)) {
    return { folderParts: [], name: FILES[input.artifact as keyof typeof FILES] };
  }
  const parts = (input.output as string).split("/");
  return { folderParts: parts.slice(0, -1), name: parts.at(-1) as string };
}

/** Why `output` cannot be the file of a schema artifact, or null: a relative path of plain names. */
function checkOutput(artifact: string, output: string | null): Failure | null {
  if (output === null || output === "") {
    return invalidInput(
      `"${artifact.slice(0, 40)}" is not proposal, design, tasks or spec, and no file of the change's schema was given for it (output).`,
    );
  }
  const parts = output.split("/");
  const bad = parts.some(
    (part) => part === "" || part === "." || part === ".." || /[*?[\]{}\\]/.test(part),
  );
  if (bad || CONTROL.test(output) || parts.length > 8) {
    return invalidInput(
      `The schema names ${JSON.stringify(output.slice(0, 80))} for "${artifact.slice(0, 40)}": not one file inside the change folder.`,
    );
  }
  return null;
}

function checkInput(input: WriteChangeArtifactInput): Failure | null {
  if (!isChangeArtifactKind(input.artifact)) {
    const bad = checkOutput(input.artifact, input.output ?? null);
    if (bad) return bad;
  } else if ((input.output ?? null) !== null) {
    return invalidInput(
      `output names the file of another schema artifact, not of "${input.artifact}".`,
    );
  }
  const spec = input.spec ?? null;
  if (input.artifact === "spec") {
    if (spec === null || spec === "") return invalidInput("A delta spec needs its spec id (spec).");
    const badId = checkSpecId(spec);
    if (badId) return badId;
  } else if (spec !== null) {
    return invalidInput(
      `spec names a delta spec; it does not go with artifact "${input.artifact}".`,
    );
  }
  const maxBytes = input.maxBytes ?? DEFAULT_MAX_ARTIFACT_BYTES;
  const bytes = Buffer.byteLength(input.content, "utf8");
  if (bytes > maxBytes) {
    return failure(
      "file_too_large",
      `The content is ${bytes} bytes, more than the ${maxBytes} allowed.`,
      {
        fix: "Shorten it, or raise OPENSPEC_AGENT_MAX_ARTIFACT_BYTES.",
      },
    );
  }
  if (input.content.trim() === "") return invalidInput("The content is empty.");
  if (CONTROL.test(input.content)) return invalidInput("The content contains a control character.");
  return null;
}

/** Whether the deepest existing folder of `path` resolves inside the change folder. */
function staysInside(path: string, changeReal: string): boolean {
  let current = path;
  for (;;) {
    try {
      return isWithin(realpathSync.native(current), changeReal);
    } catch {
      const parent = dirname(current);
      if (parent === current) return false;
      current = parent;
    }
  }
}

function isWithin(real: string, folder: string): boolean {
  return real === folder || real.startsWith(folder + sep);
}

function artifactExists(path: string): Failure {
  return failure("artifact_exists", `${path} already exists and was left unchanged.`, {
    fix: "Pass {field:force=true} to replace it.",
  });
}

function outside(repository: Repository, path: string): Failure {
  const loop = findLinkLoop(repository, join(repository.root, path));
  if (loop !== null) return linkLoopFailure(loop);
  return failure(
    "path_outside_repository",
    `${path} leads outside the change folder through a symlink.`,
    { fix: "Remove the symlink, then call again." },
  );
}
