import { join, relative } from "node:path";
import { shortToken } from "./artifact-token.js";
import { checkSpecId } from "./check-name.js";
import {
  describeRepository,
  type RepositoryOverview,
  type RepositoryPageOptions,
} from "./describe-repository.js";
import { type Failure, failure } from "./failure.js";
import { findArtifact } from "./find-artifact.js";
import { openRepository, type Repository } from "./open-repository.js";
import { type ChangeContent, readChange } from "./read-change.js";
import { readContainedFile } from "./read-contained-text.js";
import { DEFAULT_MAX_ARTIFACT_BYTES } from "./read-regular-file.js";
import { isReported, readFailure } from "./read-warning.js";

/** What a source name resolves to; supplied by the caller (the registry lives above this package). */
export type ResolvedSource = { ok: true; name: string; path: string };
export type SourceResolver = (
  name: string,
) => ResolvedSource | { ok: false; code: string; error: string; fix?: string };

type ContextBase = { ok: true; name: string; path: string; workdir: string; hint: string };

export type SourceContext = ContextBase & RepositoryOverview;
export type ChangeContext = ContextBase & { change: ChangeContent };
export type SpecContext = ContextBase & {
  spec: {
    id: string;
    path: string;
    token: string;
    content: string;
    /** Present when the file is larger than the cap: `content` is its first part. */
    truncated?: true;
    /** The file's size in bytes; present with `truncated`. */
    size?: number;
  };
};

/** How much of each artifact an answer carries. */
export type ReadOptions = {
  /** Bytes per file (proposal, tasks, design, each spec); larger files are cut. Default 1 MiB. */
  maxArtifactBytes?: number;
};
export type Context = SourceContext | ChangeContext | SpecContext;

/** A failure of context resolution; `code` is the artifacts code or the resolver's own. */
export type ContextFailure = Failure | { ok: false; code: string; error: string; fix?: string };

/**
 * Resolves `<source>`, `<source>/<token>` or `<source>/<change-or-spec-id>`
 * (split at the first `/`) into the repository and the artifact's content.
 */
export function resolveContext(
  identifier: string,
  resolveSource: SourceResolver,
  page: RepositoryPageOptions = {},
  reading: ReadOptions = {},
): Context | ContextFailure {
  const maxBytes = reading.maxArtifactBytes ?? DEFAULT_MAX_ARTIFACT_BYTES;
  const trimmed = identifier.trim();
  const slash = trimmed.indexOf("/");
  const sourceName = slash === -1 ? trimmed : trimmed.slice(0, slash);
  const reference = slash === -1 ? "" : trimmed.slice(slash + 1).replace(/\/+$/, "");
  if (sourceName.length === 0) {
    return failure("invalid_input", `The identifier "${identifier}" names no source.`, {
      fix: "Pass <source>, <source>/<token> or <source>/<change-or-spec>.",
    });
  }

  const source = resolveSource(sourceName);
  if (!source.ok) return source;
  const opened = openRepository(source.path);
  if (!opened.ok) {
    return failure(
      "invalid_workdir",
      `The folder of source "${source.name}" (${source.path}) is gone or not a directory.`,
      {
        fix: "Update the source's path or remove it from the registry.",
      },
    );
  }
  const repository = opened.repository;
  const base: ContextBase = {
    ok: true,
    name: source.name,
    path: repository.root,
    workdir: repository.root,
    hint: workdirHint(repository, source.name),
  };
  if (reference === "") return { ...base, ...describeRepository(repository, page) };

  const found = findArtifact(repository, reference);
  if (!found.ok && found.code === "artifact_not_found") {
    const unlisted = unlistedSpecProblem(repository, reference);
    if (unlisted) return unlisted;
  }
  if (!found.ok) {
    return { ...found, error: `${found.error.replace(/\.$/, "")} (source "${source.name}").` };
  }
  if (found.artifact.kind === "change") {
    return { ...base, change: readChange(repository, found.artifact.change, maxBytes) };
  }
  const spec = found.artifact.spec;
  const read = readContainedFile(repository, spec.file, maxBytes);
  if (!read.ok && isReported(read.code)) return readFailure(repository, spec.file, read.code);
  if (!read.ok) {
    return failure(
      "spec_not_found",
      `The spec file ${spec.path} of source "${source.name}" cannot be read.`,
    );
  }
  return {
    ...base,
    spec: {
      id: spec.id,
      path: spec.path,
      token: shortToken(spec.hash),
      content: read.text,
      ...(read.truncated ? { truncated: true as const, size: read.size } : {}),
    },
  };
}

function workdirHint(repository: Repository, sourceName: string): string {
  const specs = relative(repository.root, join(repository.openspecDir, "specs"));
  if (!repository.hasOpenSpec) {
    return `Run OpenSpec commands in ${repository.root}; it has no openspec/ folder yet (openspec init creates one).`;
  }
  return `Run OpenSpec commands in ${repository.root} (pass source "${sourceName}" to the CLI-backed tools); specs live in ${specs}/.`;
}

/**
 * Why a spec id names nothing listed although its `spec.md` is there: it is a
 * FIFO, socket or device, or cannot be read. Null when it is simply missing.
 */
function unlistedSpecProblem(repository: Repository, reference: string): Failure | null {
  const id = reference.endsWith("/spec.md") ? reference.slice(0, -"/spec.md".length) : reference;
  if (checkSpecId(id) !== null) return null;
  const file = join(repository.openspecDir, "specs", id, "spec.md");
  const read = readContainedFile(repository, file, 1);
  return !read.ok && isReported(read.code) ? readFailure(repository, file, read.code) : null;
}
