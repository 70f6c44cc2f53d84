// Callers written for the earlier Hermes plugin diff one spec (`spec`, with or
// without `change`) and read the answer at its top level: one `status`,
// `baseline_exists`, the requirements grouped by what happens to them, and the
// line diff as `line_diff`. These fields repeat that spec's entry of `specs`
// in that form, so such a call works as written while `specs` stays ours.
import { z } from "zod";
import type { SpecDiffView as DiffedSpec } from "./spec-diff-output.js";

/** The top-level fields of a one-spec diff; each is `specs[0]`'s, in the earlier plugin's form. */
export const singleSpecDiffFields = () => ({
  spec: z.string().optional().describe("With spec: the spec."),
  status: z
    .enum(["added", "modified", "unchanged", "invalid"])
    .optional()
    .describe(
      "With spec: added (a spec the change creates), modified, unchanged, or invalid (the archive would refuse its delta).",
    ),
  baseline_exists: z.boolean().optional().describe("With spec: its baseline_exists."),
  requirements: z
    .record(
      z.enum(["added", "modified", "removed", "renamed"]),
      // Each entry is the one in specs[].requirements; only its name is spelled out, to keep the schema small.
      z.array(z.looseObject({ name: z.string() })),
    )
    .optional()
    .describe(
      "With spec: its requirements by status (added, modified, removed, renamed), each as in specs[].requirements.",
    ),
  line_diff: z.string().optional().describe("With spec: its unified_diff."),
});

/** One spec's diff in the top-level form above. */
export function singleSpecDiff(spec: DiffedSpec) {
  const requirements = {
    added: spec.requirements.filter((requirement) => requirement.status === "added"),
    modified: spec.requirements.filter((requirement) => requirement.status === "modified"),
    removed: spec.requirements.filter((requirement) => requirement.status === "removed"),
    renamed: spec.requirements.filter((requirement) => requirement.status === "renamed"),
  };
  return {
    spec: spec.spec,
    status: statusOf(spec),
    baseline_exists: spec.baseline_exists,
    requirements,
    line_diff: spec.unified_diff,
  };
}

function statusOf(spec: DiffedSpec): "added" | "modified" | "unchanged" | "invalid" {
  if (spec.diagnostics.some((diagnostic) => diagnostic.severity === "error")) return "invalid";
  if (spec.requirements.length === 0) return "unchanged";
  return spec.baseline_exists ? "modified" : "added";
}
