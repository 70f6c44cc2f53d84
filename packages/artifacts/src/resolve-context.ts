import { join, relative } from "node:path";
import { shortToken } from "./artifact-token.js";
import {
  describeRepository,
  type RepositoryOverview,
  type RepositoryPageOptions,
} from "./describe-repository.js";
import { type Failure, failure } from "./failure.js";
import { findArtifact } from "./find-artifact.js";
import { openRepository, type Repository } from "./open-repository.js";
import { type ChangeContent, readChange } from "./read-change.js";
import { readContainedText } from "./read-contained-text.js";

/** What a source name resolves to; supplied by the caller (the registry lives above this package). */
export type ResolvedSource = { ok: true; name: string; path: string };
export type SourceResolver = (
  name: string,
) => ResolvedSource | { ok: false; code: string; error: string; fix?: string };

type ContextBase = { ok: true; name: string; path: string; workdir: string; hint: string };

export type SourceContext = ContextBase & RepositoryOverview;
export type ChangeContext = ContextBase & { change: ChangeContent };
export type SpecContext = ContextBase & {
  spec: { id: string; path: string; token: string; content: string };
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
): Context | ContextFailure {
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
  if (!found.ok) {
    return { ...found, error: `${found.error.replace(/\.$/, "")} (source "${source.name}").` };
  }
  if (found.artifact.kind === "change") {
    return { ...base, change: readChange(repository, found.artifact.change) };
  }
  const spec = found.artifact.spec;
  const content = readContainedText(repository, spec.file);
  if (content === null) {
    return failure(
      "spec_not_found",
      `The spec file ${spec.path} of source "${source.name}" cannot be read.`,
    );
  }
  return {
    ...base,
    spec: { id: spec.id, path: spec.path, token: shortToken(spec.hash), content },
  };
}

function workdirHint(repository: Repository, sourceName: string): string {
  const specs = relative(repository.root, join(repository.openspecDir, "specs"));
  if (!repository.hasOpenSpec) {
    return `Run OpenSpec commands in ${repository.root}; it has no openspec/ folder yet (openspec init creates one).`;
  }
  return `Run OpenSpec commands in ${repository.root} (pass source "${sourceName}" to the CLI-backed tools); specs live in ${specs}/.`;
}
