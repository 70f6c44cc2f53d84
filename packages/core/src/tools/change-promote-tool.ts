import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { defineTool, writingTool } from "../tool-definition.js";
import { inRepository } from "./in-repository.js";
import { validationSchema } from "./validate-change.js";

export const changePromoteTool = defineTool({
  name: "openspec_change_promote",
  description:
    "Make a draft change ready to implement: check it, write tasks.md from tasks, validate strictly.",
  notes:
    "Make a draft change ready to implement: checks its proposal, tasks and delta spec, writes tasks.md from tasks, and validates strictly.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        change: nameField("The active change to promote."),
        tasks: z
          .array(z.string().min(1).max(2000))
          .min(1)
          .max(200)
          .optional()
          .describe("Task lines for a new tasks.md."),
        force: z.boolean().optional().describe("Replace an existing tasks.md with tasks."),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      change: z.string(),
      added: z.array(z.string()),
      tasks_path: z.string(),
      done: z.number().int(),
      total: z.number().int(),
      counts: z.strictObject({
        total: z.number().int(),
        done: z.number().int(),
        todo: z.number().int(),
      }),
      status: z.enum(["todo", "in_progress", "done"]),
      delta_specs: z.array(z.string()),
      validation: validationSchema(),
    }),
  requiresCli: true,
  annotations: { ...writingTool("Promote a change to ready", false), idempotentHint: true },
  presentation: {
    command: ["change", "promote"],
    summary: "make a draft change ready to implement: tasks, delta spec, strict validation",
    arguments: ["change"],
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    render: (result) => [
      {
        kind: "text",
        text: `${result.change} is ready: ${result.total} tasks, delta specs ${result.delta_specs.join(", ") || "(skip_specs)"}`,
        tone: "good",
      },
      ...result.added.map((path) => ({ kind: "text" as const, text: `added ${path}` })),
    ],
  },
  handler: inRepository(async (input, context, repository) => {
    const { promoteChange } = await import("./promote-change.js");
    return promoteChange(context, repository, {
      change: input.change,
      tasks: input.tasks ?? null,
      force: input.force === true,
    });
  }),
});
