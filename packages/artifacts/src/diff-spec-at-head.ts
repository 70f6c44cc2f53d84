import { compareSpecRequirements } from "./compare-spec-requirements.js";
import type { Failure } from "./failure.js";
import type { Repository } from "./open-repository.js";
import { readSpecAtHead, type SpecAtHeadInput } from "./read-spec-at-head.js";
import type { SpecDiff } from "./spec-diff.js";
import { unifiedSpecDiff } from "./unified-spec-diff.js";

/**
 * What the working tree changed in one baseline spec since `HEAD`: the
 * requirements added, modified, removed or renamed (inferred from the two
 * texts) and a unified diff of the committed file against the current one.
 */
export async function diffSpecAtHead(
  repository: Repository,
  input: SpecAtHeadInput,
): Promise<({ ok: true } & SpecDiff) | Failure> {
  const read = await readSpecAtHead(repository, input);
  if (!read.ok) return read;
  const comparison = compareSpecRequirements({ before: read.baseline, after: read.current });
  return {
    ok: true,
    spec: read.spec,
    path: read.path,
    baseline_exists: read.baseline_exists,
    requirements: comparison.requirements,
    unified_diff: unifiedSpecDiff({
      path: read.path,
      before: read.baseline,
      after: read.current,
      beforeExists: read.baseline_exists,
      afterExists: read.current_exists,
    }),
    diagnostics: comparison.diagnostics,
  };
}
