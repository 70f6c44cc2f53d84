import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { defineTool, writingTool } from "../tool-definition.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { inRepository } from "./in-repository.js";
import { taskProgressFields } from "./task-output.js";
import { taskProgressSummary } from "./task-progress-summary.js";

export const taskSetStatusTool = defineTool({
  name: "openspec_task_set_status",
  description: 'Tick or untick tasks of a change\'s tasks.md by id, or "all".',
  notes:
    'Tick (done: true) or untick (done: false) tasks of an active change\'s tasks.md, without the OpenSpec CLI. Only those checkboxes change; every other byte of the file stays (line endings, indentation, nested items). ids are the ones openspec_task_list gives (1.2, or #<position>), or "all". An unknown id changes nothing and answers task_not_found with the valid ids. Safe when several hosts update one file at once. Answers with the ids changed and the new progress.',
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        change: nameField("Active change."),
        ids: z
          .union([z.array(z.string().min(1).max(64)).min(1).max(1000), z.literal("all")])
          .describe('Task ids as listed (1.2, #3), or "all".'),
        done: z.boolean().describe("true ticks, false unticks."),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      ...taskProgressFields(),
      changed: z.array(z.string()).describe("The ids whose checkbox was flipped."),
      unchanged: z.array(z.string()).describe("The ids that were already so."),
    }),
  requiresCli: false,
  annotations: { ...writingTool("Tick or untick a change's tasks", false), idempotentHint: true },
  presentation: {
    command: ["task", "set"],
    summary: "tick (--done) or untick (--no-done) tasks of a change by id, or all",
    // The change as a word, as `task list <change>` takes it; `-c` still works.
    arguments: ["change", "ids"],
    shortFlags: { source: "s", workdir: "w", change: "c" },
    paths: ["workdir"],
    variants: [
      {
        command: ["task", "done"],
        summary: "tick tasks of a change by id, or all",
        fixed: { done: true },
      },
      {
        command: ["task", "undo"],
        summary: "untick tasks of a change by id, or all",
        fixed: { done: false },
      },
    ],
    render: (result) => [
      {
        kind: "text",
        text:
          result.changed.length === 0
            ? "nothing to change: every task named was already so"
            : `updated ${result.changed.join(", ")}`,
      },
      { kind: "heading", text: `${result.change}: ${result.done}/${result.total} tasks done` },
      {
        kind: "checklist",
        items: result.tasks.map((task) => ({
          id: task.id,
          done: task.done,
          text: `${task.id} ${task.text}`,
        })),
        empty: "(no tasks)",
      },
    ],
  },
  handler: inRepository(async (input, context, repository) => {
    const { setTaskStatus } = await import("@org/openspec-artifacts");
    const updated = await setTaskStatus(repository, {
      change: input.change,
      ids: input.ids,
      done: input.done,
      maxBytes: context.maxArtifactBytes,
    });
    if (!updated.ok) return fromArtifactFailure(updated);
    return { ...updated, ...taskProgressSummary(updated.done, updated.total) };
  }),
});
