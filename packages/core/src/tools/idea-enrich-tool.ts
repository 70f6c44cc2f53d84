import { z } from "zod";
import { repositoryTargetFields } from "../input-fields.js";
import { defineTool, writingTool } from "../tool-definition.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { inRepository } from "./in-repository.js";

// Lengths, emptiness and list sizes are the artifacts layer's to check (with
// a sentence saying which field), so the schema an agent reads stays short.

/** Writes a structured evaluation into an idea, so ideas are weighed the same way before one becomes a change. */
export const ideaEnrichTool = defineTool({
  name: "openspec_idea_enrich",
  description: "Write a structured evaluation into an idea, replacing an earlier one.",
  notes:
    "Write a structured evaluation into an idea: problem, proposed direction, key questions, feasibility, T-shirt size with its justification, risks and suggested next step. A second call replaces the earlier evaluation.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        idea: z.string().describe("Idea slug."),
        problem: z.string().optional(),
        proposed_direction: z.string().optional(),
        key_questions: z.array(z.string()).optional(),
        feasibility: z.enum(["Low", "Medium", "High"]).optional(),
        tshirt_size: z.enum(["XS", "S", "M", "L", "XL"]).optional(),
        size_justification: z.string().optional(),
        risks: z.array(z.string()).optional(),
        suggested_next_step: z.string().optional(),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      slug: z.string(),
      token: z.string(),
      path: z.string(),
      generated_at: z.string(),
      replaced: z.boolean().describe("Whether an earlier evaluation was replaced."),
    }),
  requiresCli: false,
  annotations: writingTool("Evaluate an OpenSpec idea", true),
  presentation: {
    command: ["idea", "enrich"],
    summary: "write a structured evaluation into an idea",
    arguments: ["idea"],
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    render: (result) => [
      {
        kind: "text",
        text: `${result.replaced ? "replaced the evaluation in" : "evaluated"} ${result.path}`,
      },
    ],
  },
  handler: inRepository(async (input, _context, repository) => {
    const { enrichIdea } = await import("@org/openspec-artifacts");
    const enriched = await enrichIdea(repository, {
      idea: input.idea,
      problem: input.problem ?? null,
      proposedDirection: input.proposed_direction ?? null,
      keyQuestions: input.key_questions ?? [],
      feasibility: input.feasibility ?? null,
      tshirtSize: input.tshirt_size ?? null,
      sizeJustification: input.size_justification ?? null,
      risks: input.risks ?? [],
      suggestedNextStep: input.suggested_next_step ?? null,
    });
    return enriched.ok ? enriched : fromArtifactFailure(enriched);
  }),
});
