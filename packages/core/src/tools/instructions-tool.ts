import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";
import { instructionsOutput } from "./instructions-output.js";

/** Names agents use that the CLI spells differently. */
const ARTIFACT_ALIASES: Readonly<Record<string, string>> = { spec: "specs" };

export const instructionsTool = defineTool({
  name: "openspec_instructions",
  description: "Get OpenSpec's instructions and template for an artifact, or `apply`.",
  notes:
    "Get OpenSpec's enriched instructions for writing an artifact (proposal, specs, design, tasks; `spec` means `specs`) or for `apply`: description, instruction, template, dependencies and where to write it. Without change, the only active change is used when there is exactly one; in a repository with no change yet, guidance comes from the schema's template (fallback: true).",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        artifact: nameField("proposal, specs, design, tasks or apply."),
        change: nameField("Default: the only active change.").optional(),
        schema: nameField("Workflow schema.").optional(),
      })
      .strict(),
  outputSchema: () => instructionsOutput(),
  requiresCli: true,
  annotations: readOnlyTool("Get OpenSpec instructions"),
  presentation: {
    command: ["instructions"],
    summary: "instructions for writing an artifact, or apply",
    arguments: ["artifact"],
    shortFlags: { source: "s", workdir: "w", change: "c" },
    paths: ["workdir"],
    render: (result) => [
      ...(result.note ? [{ kind: "text" as const, text: result.note, tone: "dim" as const }] : []),
      ...renderInstructions(result.stdout),
    ],
  },
  handler: async (input, context) => {
    const { instructionsArgs } = await import("@org/openspec-cli-runner");
    const { runCliCommand } = await import("./run-cli-tool.js");
    const { templateGuidance } = await import("./template-guidance.js");
    const { prepareChangeCall } = await import("./prepare-change-call.js");
    const prepared = await prepareChangeCall(context, input);
    if (!prepared.ok) return prepared;
    const { picked } = prepared;
    const artifact = ARTIFACT_ALIASES[input.artifact] ?? input.artifact;
    if (picked.change === undefined && picked.activeChanges.length === 0 && artifact !== "apply") {
      return templateGuidance(context, prepared.repository, artifact, input.schema);
    }
    if (picked.change === undefined && picked.activeChanges.length > 1) {
      const { noChangePicked } = await import("./no-change-picked.js");
      return noChangePicked(prepared.repository, picked.activeChanges);
    }
    const { wordMetadataRefusal } = await import("./word-metadata-refusal.js");
    const ran = await runCliCommand(
      context,
      prepared.repository,
      instructionsArgs({
        artifact,
        ...(picked.change ? { change: picked.change } : {}),
        ...(input.schema ? { schema: input.schema } : {}),
      }),
      { artifact, change: picked.change ?? null, ...(picked.note ? { note: picked.note } : {}) },
    );
    return wordMetadataRefusal(ran, picked.change);
  },
});

const guidance = builtOnFirstUse(() =>
  z.object({
    artifactId: z.string().optional(),
    changeName: z.string().optional(),
    description: z.string().optional(),
    instruction: z.string().optional(),
    outputPath: z.string().nullable().optional(),
    template: z.string().nullable().optional(),
    tasks: z
      .array(z.object({ id: z.string(), description: z.string(), done: z.boolean() }))
      .optional(),
  }),
);

/** What to write, where, and the template, read from the CLI's JSON. */
function renderInstructions(stdout: unknown): ResultBlock[] {
  const parsed = guidance().safeParse(stdout);
  if (!parsed.success) return [{ kind: "text", text: JSON.stringify(stdout, null, 2) }];
  const g = parsed.data;
  const title = [g.artifactId ?? "apply", g.changeName ? `for ${g.changeName}` : ""]
    .filter(Boolean)
    .join(" ");
  return [
    { kind: "heading", text: g.outputPath ? `${title} -> ${g.outputPath}` : title },
    ...(g.description
      ? [{ kind: "text" as const, text: g.description, tone: "dim" as const }]
      : []),
    ...(g.instruction ? [{ kind: "text" as const, text: g.instruction }] : []),
    ...(g.tasks
      ? [
          {
            kind: "checklist" as const,
            items: g.tasks.map((task) => ({ done: task.done, text: task.description })),
            empty: "(no tasks)",
          },
        ]
      : []),
    ...(g.template ? [{ kind: "document" as const, title: "template", text: g.template }] : []),
  ];
}
