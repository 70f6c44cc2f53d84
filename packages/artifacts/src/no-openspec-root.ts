import { type Failure, failure } from "./failure.js";
import type { Repository } from "./open-repository.js";

/** The failure of every writer and idea lookup in a repository without openspec/: one wording, one fix. */
export function noOpenSpecRoot(repository: Repository): Failure {
  return failure("no_openspec_root", `${repository.root} has no openspec/ folder.`, {
    fix: `Initialise it with \`{openspec} init\` in ${repository.root}, then call again.`,
  });
}
