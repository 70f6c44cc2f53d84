import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { specWarningSchema } from "../output-fields.js";
import { defineTool, writingTool } from "../tool-definition.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { inRepository } from "./in-repository.js";
import { renderWarnings } from "./render-warnings.js";

const stepSchema = builtOnFirstUse(() =>
  z
    .object({
      type: z.enum(["GIVEN", "WHEN", "THEN", "AND", "BUT"]),
      text: z.string().min(1).max(2000).describe("Without the keyword."),
    })
    .strict(),
);

const scenarioSchema = builtOnFirstUse(() =>
  z
    .object({
      name: z.string().min(1).max(200),
      steps: z.array(stepSchema()).max(50),
    })
    .strict(),
);

/** A requirement as openspec_spec_create and openspec_change_create take it. */
export const requirementSchema = builtOnFirstUse(() =>
  z
    .object({
      name: z.string().min(1).max(200),
      description: z.string().min(1).max(10_000).describe("Markdown with SHALL or MUST."),
      scenarios: z.array(scenarioSchema()).max(50).optional(),
    })
    .strict(),
);

export const specCreateTool = defineTool({
  name: "openspec_spec_create",
  description:
    "Write a new spec from structured requirements; with `change`, that change's delta spec instead.",
  notes:
    "Write a new spec from structured requirements, without the OpenSpec CLI. Without `change` it writes openspec/specs/<name>/spec.md; with `change` it writes the change's delta spec openspec/changes/<change>/specs/<name>/spec.md under `## ADDED Requirements`. Refuses to replace an existing spec unless force is true. Returns the relative path and warnings where `openspec validate --strict` would object.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        name: nameField("Spec id, kebab-case."),
        title: z.string().min(1).max(200).describe("One line."),
        purpose: z.string().min(1).max(10_000).describe("50+ characters."),
        requirements: z.array(requirementSchema()).min(1).max(200).describe("In order."),
        change: nameField("Active change: write its delta spec.").optional(),
        force: z.boolean().optional().describe("Replace an existing spec."),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      name: z.string(),
      spec: z.string().describe("The spec name again (the earlier Hermes plugin's field)."),
      change: z
        .string()
        .nullable()
        .describe("The change the delta spec was written into, or null."),
      path: z.string().describe("The written file, relative to the repository root."),
      format: z.enum(["spec", "delta"]),
      overwritten: z.boolean().describe("Whether an existing spec was replaced (force)."),
      warnings: z
        .array(specWarningSchema())
        .describe("What `openspec validate --strict` would object to."),
    }),
  requiresCli: false,
  annotations: writingTool("Create an OpenSpec spec", true),
  presentation: {
    command: ["spec", "create"],
    summary: "write openspec/specs/<name>/spec.md, or a change's delta spec",
    arguments: ["name"],
    shortFlags: { source: "s", workdir: "w", change: "c" },
    paths: ["workdir"],
    render: (result) => [
      { kind: "text", text: `wrote ${result.path}` },
      ...renderWarnings(result.warnings),
    ],
  },
  handler: inRepository(async (input, _context, repository) => {
    const { createSpec, readChangeNamesAhead } = await import("@org/openspec-artifacts");
    // A named change that is not there is answered with the closest names, read in turns first.
    if (input.change) await readChangeNamesAhead(repository, input.change);
    const result = createSpec(repository, {
      name: input.name,
      title: input.title,
      purpose: input.purpose,
      requirements: input.requirements,
      change: input.change ?? null,
      force: input.force === true,
    });
    return result.ok ? { ...result, spec: result.name } : fromArtifactFailure(result);
  }),
});
