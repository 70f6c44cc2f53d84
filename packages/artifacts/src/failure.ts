import { type Failure as SharedFailure, failure as sharedFailure } from "@org/openspec-failure";

/** An expected failure: a stable code, one sentence saying what went wrong, and how to fix it. */
export type Failure = SharedFailure<ArtifactFailureCode> & {
  candidates?: ArtifactCandidate[];
  /** The file (relative to the repository root) that could not be read. */
  path?: string;
};

/** One of several artifacts that matched an ambiguous identifier. */
export type ArtifactCandidate = {
  kind: "change" | "spec" | "idea";
  name: string;
  /** The shortest token that names it alone in its repository. */
  token: string;
  /** Set for an archived change (whose name an active change may share). */
  archived?: true;
  /** `<source>/<token>`, ready to pass back to `openspec_context`. */
  identifier?: string;
  /** The registered source it belongs to. */
  source?: string;
};

export type ArtifactFailureCode =
  | "invalid_workdir"
  | "invalid_name"
  | "invalid_input"
  | "path_outside_repository"
  | "no_openspec_root"
  | "change_not_found"
  | "spec_not_found"
  | "idea_not_found"
  | "artifact_not_found"
  | "ambiguous_artifact"
  | "spec_exists"
  | "change_exists"
  | "artifact_exists"
  | "spec_unparsable"
  | "metadata_unparsable"
  | "unreadable"
  | "not_a_regular_file"
  | "unsupported_encoding"
  | "write_failed"
  | "write_conflict"
  | "task_not_found"
  | "file_too_large"
  | "not_a_git_repository"
  | "git_not_found"
  | "git_failed"
  | "git_outside_repository"
  | "symlink_loop";

export function failure(
  code: ArtifactFailureCode,
  error: string,
  extra: { fix?: string; candidates?: ArtifactCandidate[]; path?: string } = {},
): Failure {
  const { fix, ...rest } = extra;
  return sharedFailure(code, error, fix, rest);
}
