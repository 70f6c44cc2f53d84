/** Bytes of one spec's unified diff by default: about 500 tokens, cut at a line's end. */
export const DIFF_BYTES_PER_SPEC = 2000;
/** Requirement changes of one spec by default: about 45 tokens each. */
export const REQUIREMENTS_PER_SPEC = 8;

/**
 * One spec's diff as a model gets it by default: its first
 * REQUIREMENTS_PER_SPEC requirement changes, and a unified diff longer than
 * DIFF_BYTES_PER_SPEC cut after its last whole line within them, with
 * `truncated` (and the whole diff's `size` in bytes, as for a cut file), so a
 * change that creates or rewrites a large spec does not land whole in a
 * model's context unasked. `detail: "full"` keeps both whole; `detail:
 * "summary"` leaves the diff text out (the requirements and diagnostics stay).
 */
export function capSpecDiff<Diff extends { unified_diff: string; requirements: unknown[] }>(
  diff: Diff,
  detail: "summary" | "full" | undefined,
): Diff & { truncated?: true; size?: number } {
  if (detail === "full") return diff;
  const size = Buffer.byteLength(diff.unified_diff);
  const diffCut = size > (detail === "summary" ? 0 : DIFF_BYTES_PER_SPEC);
  const requirementsCut = detail !== "summary" && diff.requirements.length > REQUIREMENTS_PER_SPEC;
  if (!diffCut && !requirementsCut) return diff;
  // A character cut in two at the byte cap is dropped with the rest of its line.
  const head =
    detail === "summary"
      ? ""
      : Buffer.from(diff.unified_diff).subarray(0, DIFF_BYTES_PER_SPEC).toString("utf8");
  return {
    ...diff,
    ...(requirementsCut ? { requirements: diff.requirements.slice(0, REQUIREMENTS_PER_SPEC) } : {}),
    ...(diffCut ? { unified_diff: head.slice(0, head.lastIndexOf("\n") + 1), size } : {}),
    truncated: true,
  };
}
