import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { defineTool, writingTool } from "../tool-definition.js";
import { taskSectionsField } from "./task-sections-field.js";
import { validationSchema } from "./validate-change.js";

export const changePromoteTool = defineTool({
  name: "openspec_change_promote",
  description:
    "Make a draft change ready to implement: checks it has a proposal, a task checklist and a delta spec, writes tasks.md from tasks when given, and validates it with `openspec validate --strict`.",
  inputSchema: z
    .object({
      ...repositoryTargetFields,
      change: nameField("The active change to promote."),
      tasks: taskSectionsField().optional(),
      force: z.boolean().optional().describe("Replace an existing tasks.md with tasks."),
    })
    .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      change: z.string(),
      added: z.array(z.string()).describe("Files this call wrote."),
      tasks_path: z.string(),
      done: z.number().int(),
      total: z.number().int(),
      counts: z.strictObject({
        total: z.number().int(),
        done: z.number().int(),
        todo: z.number().int(),
      }),
      status: z.enum(["todo", "in_progress", "done"]),
      delta_specs: z.array(z.string()).describe("Spec ids of its delta specs."),
      validation: validationSchema,
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
  async handler(input, context) {
    const { promoteChange } = await import("./promote-change.js");
    const { resolveRepository } = await import("../resolve-repository.js");
    const target = resolveRepository(context, input);
    if (!target.ok) return target;
    return promoteChange(context, target.repository, {
      change: input.change,
      tasks: input.tasks ?? null,
      force: input.force === true,
    });
  },
});
