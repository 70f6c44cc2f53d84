import { join, relative, sep } from "node:path";
import { checkSpecId } from "./check-name.js";
import { type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import { readContainedFile } from "./read-contained-text.js";
import { DEFAULT_MAX_ARTIFACT_BYTES } from "./read-regular-file.js";
import { isReported, readFailure } from "./read-warning.js";
import { type GitRun, runGit } from "./run-git.js";

/** A baseline spec in the working tree and as it was committed at `HEAD`. */
export type SpecAtHead = {
  ok: true;
  spec: string;
  /** `openspec/specs/<id>/spec.md`, relative to the repository root. */
  path: string;
  /** Whether `HEAD` has the file; false for a spec new since the last commit (or no commit yet). */
  baseline_exists: boolean;
  /** The file at `HEAD`; empty when it is not there. */
  baseline: string;
  /** Whether the working tree has the file; false for a spec deleted since `HEAD`. */
  current_exists: boolean;
  /** The file in the working tree; empty when it is not there. */
  current: string;
};

export type SpecAtHeadInput = {
  spec: string;
  maxBytes?: number;
  /** The environment git runs in (its PATH finds git); the process's own by default. */
  env?: Readonly<Record<string, string | undefined>>;
};

// A regular file in a git tree: 100644 or 100755; 120000 is a link, 160000 a submodule.
const REGULAR_BLOB = /^100(644|755) blob ([0-9a-f]+) +(\d+)\t/;

/**
 * A baseline spec as the working tree has it and as `HEAD` has it, read with
 * `git ls-tree` and `git cat-file` (never a shell). The repository may sit in
 * a subfolder of the git work tree. Fails with `not_a_git_repository`,
 * `git_not_found`, `git_failed`, `git_outside_repository` (its `.git` leads
 * to another repository), `spec_not_found` (in neither place) or
 * `file_too_large`; a link or a submodule at `HEAD` is `not_a_regular_file`.
 */
export async function readSpecAtHead(
  repository: Repository,
  input: SpecAtHeadInput,
): Promise<SpecAtHead | Failure> {
  const invalid = checkSpecId(input.spec);
  if (invalid) return invalid;
  const maxBytes = input.maxBytes ?? DEFAULT_MAX_ARTIFACT_BYTES;
  const file = join(repository.openspecDir, "specs", input.spec, "spec.md");
  const path = relative(repository.root, file).split(sep).join("/");

  const current = readWorkingCopy(repository, file, path, maxBytes);
  if ("code" in current) return current;

  const git = (args: string[]) => runGit(repository.root, args, input.env);
  const prefix = await git(["rev-parse", "--show-prefix"]);
  const refused = gitFailure(prefix, repository.root);
  // Outside git, a spec missing from the working tree is named first: its name is what to fix.
  if (refused?.code === "not_a_git_repository" && !current.exists) return specNotFound(input.spec);
  if (refused) return refused;
  const tracked = `${(prefix as GitRunDone).stdout.trim()}${path}`;

  const head = await git(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
  // Exit 1 without a word: the branch has no commit yet, so every spec is new.
  const noCommit = head.ok && head.exitCode === 1;
  const headFailure = noCommit ? null : gitFailure(head, repository.root);
  if (headFailure) return headFailure;
  let entry = "";
  if (!noCommit) {
    const listed = await git(["ls-tree", "--full-tree", "-l", "-z", "HEAD", "--", tracked]);
    const problem = gitFailure(listed, repository.root);
    if (problem) return problem;
    entry = (listed as GitRunDone).stdout;
  }
  const blob = REGULAR_BLOB.exec(entry);
  if (entry !== "" && !blob) {
    return failure("not_a_regular_file", `${path} at HEAD is a link or a submodule, not a file.`, {
      fix: "Compare a spec that is committed as a regular file.",
      path,
    });
  }
  if (!blob && !current.exists) return specNotFound(input.spec);
  let baseline = "";
  if (blob) {
    const size = Number(blob[3]);
    if (size > maxBytes) return tooLarge(`${path} at HEAD`, size, maxBytes);
    const shown = await git(["cat-file", "blob", blob[2] as string]);
    const problem = gitFailure(shown, repository.root);
    if (problem) return problem;
    baseline = (shown as GitRunDone).stdout;
    if (baseline.includes("\u0000") || baseline.startsWith("\ufffd\ufffd")) {
      return failure("unsupported_encoding", `${path} at HEAD is not UTF-8 text.`, {
        fix: "Compare a spec that was committed as UTF-8 text.",
        path,
      });
    }
  }
  return {
    ok: true,
    spec: input.spec,
    path,
    baseline_exists: blob !== null,
    baseline,
    current_exists: current.exists,
    current: current.text,
  };
}

type GitRunDone = Extract<GitRun, { ok: true }>;

function specNotFound(spec: string): Failure {
  return failure("spec_not_found", `Spec "${spec}" not found in openspec/specs, nor at HEAD.`, {
    fix: "Pass the id of a baseline spec ({tool:openspec_spec_list} lists them).",
  });
}

function readWorkingCopy(
  repository: Repository,
  file: string,
  path: string,
  maxBytes: number,
): { exists: boolean; text: string } | Failure {
  const read = readContainedFile(repository, file, maxBytes);
  if (read.ok) {
    return read.truncated ? tooLarge(path, read.size, maxBytes) : { exists: true, text: read.text };
  }
  if (isReported(read.code)) return readFailure(repository, file, read.code);
  if (read.code === "outside_repository") {
    return failure("path_outside_repository", `${path} leads out of the repository.`, {
      fix: "Replace the link with the spec file itself.",
      path,
    });
  }
  return { exists: false, text: "" };
}

/** Why a git run did not answer, as a failure; null when it exited 0. */
function gitFailure(run: GitRun, folder: string): Failure | null {
  if (!run.ok && "refused" in run) {
    return failure("git_outside_repository", `git was not run: ${run.detail}.`, {
      fix: "Give the repository a .git folder of its own (clone it again) instead of one that points at another repository's objects.",
    });
  }
  if (!run.ok) return gitMissing(run.detail);
  if (run.exitCode === 0) return null;
  const said = firstLine(run.stderr);
  if (/not a git repository/i.test(said)) {
    return failure("not_a_git_repository", `${folder} is not inside a git work tree.`, {
      fix: "Compare against HEAD only in a git repository; otherwise pass {field:change} to see what a change does to the specs.",
    });
  }
  return failure(
    "git_failed",
    `git could not read the repository: ${said || `exit code ${run.exitCode}`}.`,
    {
      fix: "Run `git status` in the repository to see what git objects to (ownership, a damaged .git), fix it, then try again.",
    },
  );
}

function gitMissing(detail: string): Failure {
  return failure("git_not_found", `git could not be started (${firstLine(detail)}).`, {
    fix: "Install git and put it on the PATH of the process that runs openspec-agent.",
  });
}

function tooLarge(what: string, size: number, maxBytes: number): Failure {
  return failure("file_too_large", `${what} is ${size} bytes, more than the ${maxBytes} read.`, {
    fix: "Raise OPENSPEC_AGENT_MAX_ARTIFACT_BYTES to compare a spec this large.",
  });
}

function firstLine(text: string): string {
  return (text.split("\n").find((line) => line.trim() !== "") ?? "").trim().replace(/\.$/, "");
}
