import { z } from "zod";

/**
 * The schemas of a spec's diff, which `openspec_spec_diff` and the archive's
 * preview answer with, built when a host first reads one of those tools'
 * output schemas: a server lists the tools without building them.
 */
export function specDiffSchemas() {
  const operationSchema = z.enum(["ADDED", "MODIFIED", "REMOVED", "RENAMED"]);

  /** What happened to one requirement. */
  const requirementChangeSchema = z.strictObject({
    name: z
      .string()
      .describe("The requirement's name after the change (its old name for REMOVED)."),
    operation: operationSchema,
    status: z
      .enum(["added", "modified", "removed", "renamed"])
      .describe("The operation in lower case (the earlier Hermes plugin's field)."),
    from: z.string().optional().describe("RENAMED: the name it had."),
    scenarios: z
      .strictObject({
        added: z.array(z.string()),
        removed: z.array(z.string()),
        changed: z.array(z.string()).describe("Same name, different text."),
      })
      .optional()
      .describe(
        "Scenario names by what happened to them; absent when the result could not be made.",
      ),
    text_changed: z
      .boolean()
      .describe("Whether the text above the scenarios differs; true for ADDED and REMOVED."),
  });

  /** A problem the archive would hit (error) or a note it would print (warning). */
  const specDiffDiagnosticSchema = z.strictObject({
    code: z.string(),
    severity: z.enum(["error", "warning"]),
    message: z.string().describe("The OpenSpec CLI's own wording where it has one."),
    line: z.number().int().optional().describe("1-based line in the delta spec, when it has one."),
  });

  /** What a change, or the edits since HEAD, do to one baseline spec. */
  const specDiffSchema = z.strictObject({
    spec: z.string(),
    path: z.string().describe("The baseline, openspec/specs/<id>/spec.md, relative to the root."),
    baseline_exists: z
      .boolean()
      .describe("false for a spec the change creates (or one new since HEAD)."),
    requirements: z.array(requirementChangeSchema),
    unified_diff: z
      .string()
      .describe(
        "The baseline against the result (a/ and b/ file names, as git writes them); empty when nothing changes or the archive would refuse.",
      ),
    diagnostics: z.array(specDiffDiagnosticSchema),
    truncated: z
      .literal(true)
      .optional()
      .describe("Present when requirements or the diff were cut; detail full has them."),
    size: z.number().int().optional().describe("With a cut diff: its whole size in bytes."),
  });

  /** A finding about the change as a whole (a delta file the archive would not merge, its archive folder in the way). */
  const changeDiffDiagnosticSchema = z.strictObject({
    code: z.string(),
    severity: z.enum(["error", "warning"]),
    message: z.string().describe("The OpenSpec CLI's own wording where it has one."),
    path: z.string().optional().describe("The file or folder, relative to the repository root."),
  });
  return { requirementChangeSchema, specDiffSchema, changeDiffDiagnosticSchema };
}

type SpecDiffSchemas = ReturnType<typeof specDiffSchemas>;
/** One spec's diff as the tools answer it. */
export type SpecDiffView = z.output<SpecDiffSchemas["specDiffSchema"]>;
/** What happened to one requirement. */
export type RequirementChangeView = z.output<SpecDiffSchemas["requirementChangeSchema"]>;
