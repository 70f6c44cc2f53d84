import { join, relative } from "node:path";
import type { Failure as SharedFailure } from "@org/openspec-failure";
import { isToken } from "./artifact-token.js";
import { checkSpecId } from "./check-name.js";
import {
  describeRepository,
  type RepositoryOverview,
  type RepositoryPageOptions,
} from "./describe-repository.js";
import { type Failure, failure } from "./failure.js";
import { type FoundArtifact, findArtifact } from "./find-artifact.js";
import { findTokenInSources, type KnownSource, sourceCandidate } from "./find-token-in-sources.js";
import { finishNow } from "./finish-now.js";
import { openRepository, type Repository } from "./open-repository.js";
import { type ChangeContent, changeReading } from "./read-change.js";
import { readContainedFile } from "./read-contained-text.js";
import { type IdeaContent, readIdea } from "./read-idea.js";
import { DEFAULT_MAX_ARTIFACT_BYTES } from "./read-regular-file.js";
import { isReported, readFailure } from "./read-warning.js";

/** What a source name resolves to; supplied by the caller (the registry lives above this package). */
export type ResolvedSource = { ok: true; name: string; path: string };
export type SourceResolver<Code extends string = string> = (
  name: string,
) => ResolvedSource | SharedFailure<Code>;

export type ContextOptions = ReadOptions & {
  /**
   * Every registered source. When given, a bare identifier that names no
   * source but has the shape of a token is looked up as a change or spec
   * token in each of them.
   */
  everySource?: () => readonly KnownSource[];
};

type ContextBase = {
  ok: true;
  name: string;
  path: string;
  workdir: string;
  hint: string;
  /** Says which source a bare token was found in. */
  note?: string;
};

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
export type IdeaContext = ContextBase & { idea: IdeaContent };
export type Context = SourceContext | ChangeContext | SpecContext | IdeaContext;

/** A failure of context resolution; `code` is the artifacts code or the resolver's own. */
export type ContextFailure<Code extends string = string> = Failure | SharedFailure<Code>;

/**
 * Resolves `<source>`, `<source>/<token>` or `<source>/<change-or-spec-id>`
 * (split at the first `/`) into the repository and the artifact's content.
 * A bare token that names no source is looked for in every source
 * (`options.everySource`).
 */
export function resolveContext<Code extends string = string>(
  identifier: string,
  resolveSource: SourceResolver<Code>,
  page: RepositoryPageOptions = {},
  options: ContextOptions = {},
): Context | ContextFailure<Code> {
  return finishNow(contextResolution(identifier, resolveSource, page, options));
}

/**
 * `resolveContext` as a generator that yields between slices of a change's
 * files (`changeReading`), so a server reads a change of thousands of delta
 * specs in turns (`finishInTurns`) and gets the same answer.
 */
export function* contextResolution<Code extends string = string>(
  identifier: string,
  resolveSource: SourceResolver<Code>,
  page: RepositoryPageOptions = {},
  options: ContextOptions = {},
): Generator<void, Context | ContextFailure<Code>> {
  const maxBytes = options.maxArtifactBytes ?? DEFAULT_MAX_ARTIFACT_BYTES;
  const trimmed = identifier.trim();
  const slash = trimmed.indexOf("/");
  const sourceName = slash === -1 ? trimmed : trimmed.slice(0, slash);
  // A scan, not `/\/+$/`: that regex is quadratic on a long run of slashes.
  let referenceEnd = trimmed.length;
  while (referenceEnd > slash + 1 && trimmed.charCodeAt(referenceEnd - 1) === 0x2f) referenceEnd--;
  const reference = slash === -1 ? "" : trimmed.slice(slash + 1, referenceEnd);
  if (sourceName.length === 0) {
    return failure("invalid_input", `The identifier "${identifier}" names no source.`, {
      fix: "Pass <source>, <source>/<token> or <source>/<change-or-spec>.",
    });
  }

  const source = resolveSource(sourceName);
  if (!source.ok) {
    if (reference === "" && source.code === "source_not_found" && isToken(sourceName)) {
      return yield* resolveBareToken(sourceName, source, options.everySource?.() ?? [], maxBytes);
    }
    return source;
  }
  // A source is its own root: one without openspec/ never borrows an ancestor's.
  const opened = openRepository(source.path, { searchUpward: false });
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
  const base = contextBase(repository, source.name);
  if (reference === "") return { ...base, ...describeRepository(repository, page) };

  const found = findArtifact(repository, reference);
  if (!found.ok && found.code === "artifact_not_found") {
    const unlisted = unlistedSpecProblem(repository, reference);
    if (unlisted) return unlisted;
  }
  if (!found.ok) {
    const candidates = found.candidates?.map((candidate) => ({
      ...candidate,
      identifier: `${source.name}/${candidate.token}`,
    }));
    return {
      ...found,
      error: `${found.error.replace(/\.$/, "")} (source "${source.name}").`,
      ...(candidates ? { candidates } : {}),
    };
  }
  return yield* artifactContext(base, repository, found.artifact, maxBytes);
}

/** A bare token: the one artifact of any source that it names, or why there is none. */
function* resolveBareToken<Code extends string>(
  token: string,
  notASource: SharedFailure<Code>,
  sources: readonly KnownSource[],
  maxBytes: number,
): Generator<void, Context | ContextFailure<Code>> {
  const matches = findTokenInSources(token, sources);
  const [only] = matches;
  if (only !== undefined && matches.length === 1) {
    const base = contextBase(only.repository, only.source.name);
    const what =
      only.artifact.kind === "change"
        ? `the ${only.artifact.change.archived ? "archived " : ""}change "${only.artifact.change.name}"`
        : only.artifact.kind === "idea"
          ? `the idea "${only.artifact.idea.slug}"`
          : `the spec "${only.artifact.spec.id}"`;
    const note = `No source is called ${token}; it is the token of ${what} of source "${only.source.name}" (identifier ${only.identifier}).`;
    return yield* artifactContext({ ...base, note }, only.repository, only.artifact, maxBytes);
  }
  if (matches.length > 1) {
    return failure(
      "ambiguous_artifact",
      `No source is called ${token}, and as a change or spec token it matches ${matches.length} artifacts in the registered sources.`,
      {
        fix: "Pass one of the identifiers listed in candidates.",
        candidates: matches.map(sourceCandidate),
      },
    );
  }
  const hint = `If ${token} is the token of a change or spec, pass <source>/<token>; no registered source has one that starts with it.`;
  return { ...notASource, fix: notASource.fix ? `${notASource.fix} ${hint}` : hint };
}

function contextBase(repository: Repository, sourceName: string): ContextBase {
  return {
    ok: true,
    name: sourceName,
    path: repository.root,
    workdir: repository.root,
    hint: workdirHint(repository, sourceName),
  };
}

function* artifactContext(
  base: ContextBase,
  repository: Repository,
  artifact: FoundArtifact,
  maxBytes: number,
): Generator<void, Context | Failure> {
  if (artifact.kind === "change") {
    const change = yield* changeReading(repository, artifact.change, artifact.token, maxBytes);
    return { ...base, change };
  }
  if (artifact.kind === "idea") {
    const idea = readIdea(repository, artifact.idea, artifact.token, maxBytes);
    return "ok" in idea ? idea : { ...base, idea };
  }
  const spec = artifact.spec;
  const read = readContainedFile(repository, spec.file, maxBytes);
  if (!read.ok && isReported(read.code)) return readFailure(repository, spec.file, read.code);
  if (!read.ok) {
    return failure(
      "spec_not_found",
      `The spec file ${spec.path} of source "${base.name}" cannot be read.`,
    );
  }
  return {
    ...base,
    spec: {
      id: spec.id,
      path: spec.path,
      token: artifact.token,
      content: read.text,
      ...(read.truncated ? { truncated: true as const, size: read.size } : {}),
    },
  };
}

function workdirHint(repository: Repository, sourceName: string): string {
  const specs = relative(repository.root, join(repository.openspecDir, "specs"));
  if (!repository.hasOpenSpec) {
    return `Run OpenSpec commands in ${repository.root}; it has no openspec/ folder yet ({openspec} init creates one).`;
  }
  return `Run OpenSpec commands in ${repository.root}, or anywhere with {field:source} "${sourceName}"; specs live in ${specs}/.`;
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
