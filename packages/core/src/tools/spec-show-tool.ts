import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { specDiagnosticSchema, truncatedFields } from "../output-fields.js";
import { pageInputFields, pageList, pageSchema } from "../page-list.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { inRepository } from "./in-repository.js";
import { cutNotice } from "./read-notices.js";

/** Requirements per page by default: ten of a large spec's are about 1,300 tokens of answer. */
const REQUIREMENTS_PER_PAGE = 10;

export const specShowTool = defineTool({
  name: "openspec_spec_show",
  description:
    "Read one spec, or with `change` that change's delta spec, as structured requirements and scenarios.",
  notes:
    "Read one spec as structured JSON, without the OpenSpec CLI: title, purpose, and requirements with name, description and scenarios (name, GIVEN/WHEN/THEN steps, raw text). With `change`, reads that change's delta spec and marks each requirement ADDED or MODIFIED. Requirements come 10 a page: `page` says where this one starts, how many there are in all and, in next_offset, the offset of the next page (null on the last); `limit` (up to 1000) and `offset` choose another.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        name: nameField("Spec id, e.g. `auth`."),
        change: nameField("Read this change's delta spec.").optional(),
        ...pageInputFields(),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      name: z.string(),
      change: z.string().nullable().describe("The change whose delta spec this is, or null."),
      path: z.string().describe("The file, relative to the repository root."),
      format: z.enum(["spec", "delta"]),
      title: z.string(),
      purpose: z.string(),
      requirements: z.array(
        z.strictObject({
          name: z.string(),
          description: z
            .string()
            .describe("The Markdown between the heading and the first scenario."),
          scenarios: z.array(
            z.strictObject({
              name: z.string(),
              steps: z.array(z.strictObject({ type: z.string(), text: z.string() })),
              raw_text: z.string(),
            }),
          ),
          operation: z
            .enum(["ADDED", "MODIFIED"])
            .optional()
            .describe("Delta specs: the section the requirement is in."),
        }),
      ),
      page: pageSchema(),
      removed: z.array(z.string()).optional().describe("Delta specs: removed requirement names."),
      renamed: z.array(z.strictObject({ from: z.string(), to: z.string() })).optional(),
      warnings: z.array(specDiagnosticSchema()),
      ...truncatedFields(),
    }),
  requiresCli: false,
  annotations: readOnlyTool("Show an OpenSpec spec"),
  presentation: {
    command: ["spec", "show"],
    summary: "a spec as title, purpose, requirements and scenarios",
    arguments: ["name"],
    shortFlags: { source: "s", workdir: "w", change: "c" },
    paths: ["workdir"],
    render(spec) {
      const blocks: ResultBlock[] = [
        { kind: "heading", text: spec.title },
        { kind: "text", text: spec.path, tone: "dim" },
      ];
      if (spec.purpose) blocks.push({ kind: "text", text: spec.purpose });
      for (const requirement of spec.requirements) {
        const operation = requirement.operation ? `[${requirement.operation}] ` : "";
        blocks.push(
          { kind: "heading", text: `${operation}Requirement: ${requirement.name}` },
          { kind: "text", text: requirement.description },
          ...requirement.scenarios.map(
            (scenario): ResultBlock => ({
              kind: "text",
              text: [
                `  Scenario: ${scenario.name}`,
                // A list nested under a step follows it, indented under its text.
                ...scenario.steps.map(
                  (step) => `    ${step.type} ${step.text.replaceAll("\n", "\n      ")}`,
                ),
              ].join("\n"),
            }),
          ),
        );
      }
      for (const name of spec.removed ?? []) {
        blocks.push({ kind: "heading", text: `[REMOVED] Requirement: ${name}` });
      }
      for (const { from, to } of spec.renamed ?? []) {
        blocks.push({ kind: "heading", text: `[RENAMED] ${from} -> ${to}` });
      }
      if (spec.page.next_offset !== null) {
        const rest = spec.page.total - spec.page.next_offset;
        blocks.push({
          kind: "notice",
          text: `${rest} more requirement${rest === 1 ? "" : "s"}: --offset ${spec.page.next_offset}.`,
        });
      }
      if (spec.truncated && spec.size !== undefined) blocks.push(cutNotice(spec.path, spec.size));
      return blocks;
    },
  },
  handler: inRepository(async (input, context, repository) => {
    const { showSpecAsync } = await import("@org/openspec-artifacts");
    // A missing spec is answered with the folder's specs, read in batches, never holding other callers.
    const result = await showSpecAsync(repository, {
      name: input.name,
      change: input.change ?? null,
      maxBytes: context.maxArtifactBytes,
    });
    if (!result.ok) return fromArtifactFailure(result);
    const { items, page } = pageList(result.requirements, input, REQUIREMENTS_PER_PAGE);
    return { ...result, requirements: items, page };
  }),
});
