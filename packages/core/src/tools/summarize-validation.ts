import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";

/** The items of `openspec validate --json`'s report, each with its verdict and issues. */
export const validationReport = builtOnFirstUse(() =>
  z.object({
    items: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        valid: z.boolean(),
        issues: z.array(z.object({ level: z.string(), path: z.string(), message: z.string() })),
      }),
    ),
  }),
);

/** One item `openspec validate` found invalid, with the file it lives in. */
export type InvalidItem = {
  type: string;
  id: string;
  /** The file or folder to edit, relative to the repository root. */
  file: string;
  issues: { level: string; path: string; message: string }[];
};

/** What a failed validation says at the top level instead of only deep inside `stdout`. */
export type ValidationSummary = {
  error: string;
  fix: string;
  invalid: InvalidItem[];
};

/** How many invalid items the one-sentence error names before it says "and N more". */
const NAMED_IN_ERROR = 5;

/**
 * Reads the CLI's validation report and says which items are invalid and what
 * to fix first; null when the output is not a report with an invalid item
 * (an unknown target, a crash), so the caller keeps the CLI's own error.
 */
export function summarizeValidation(stdout: unknown): ValidationSummary | null {
  const report = validationReport().safeParse(stdout);
  if (!report.success) return null;
  const invalid = report.data.items
    .filter((item) => !item.valid)
    .map((item) => ({
      type: item.type,
      id: item.id,
      file: itemFile(item.type, item.id),
      issues: item.issues,
    }));
  const [first] = invalid;
  if (first === undefined) return null;

  const total = report.data.items.length;
  const named = invalid.slice(0, NAMED_IN_ERROR).map((item) => `${item.type} ${item.id}`);
  const more =
    invalid.length > NAMED_IN_ERROR ? `, and ${invalid.length - NAMED_IN_ERROR} more` : "";
  const verb = invalid.length === 1 ? "is" : "are";
  // The issues themselves are in `invalid` (and printed above the fix by a
  // shell), so the fix says where to start and how to check, not the issue again.
  const blocking = first.issues.filter((issue) => issue.level !== "INFO").length;
  const fix =
    blocking > 0
      ? `Start with ${first.type} ${first.id} (${first.file}): correct the ${blocking === 1 ? "issue" : `${blocking} issues`} listed for it, then validate again with {tool:openspec_validate}.`
      : `Start with ${first.type} ${first.id} (${first.file}); run {tool:openspec_validate} on it for details.`;
  return {
    error: `${invalid.length} of ${total} ${total === 1 ? "item" : "items"} ${verb} invalid: ${named.join(", ")}${more}.`,
    fix,
    invalid,
  };
}

function itemFile(type: string, id: string): string {
  if (type === "spec") return `openspec/specs/${id}/spec.md`;
  if (type === "change") return `openspec/changes/${id}/`;
  return id;
}
