import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { truncatedFields } from "../output-fields.js";
import { describeSequence } from "../sequence/describe-sequence.js";
import { sequenceViewSchema } from "../sequence/sequence-view-schema.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { inRepository } from "./in-repository.js";
import { taskProgressFields } from "./task-output.js";
import { taskProgressSummary } from "./task-progress-summary.js";

export const taskListTool = defineTool({
  name: "openspec_task_list",
  description: "List a change's tasks with the ids openspec_task_set_status takes.",
  notes:
    "List the tasks of an active change's tasks.md, without the OpenSpec CLI: each task's id (its number such as 1.2, or #<position> when it has none or shares it), text, done, section heading and line, with done and total counts equal to `openspec list`. Without change, the only active change is used when there is exactly one. Tick tasks with openspec_task_set_status by these ids.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        change: nameField("Default: the only active change.").optional(),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      ...taskProgressFields(),
      exists: z.boolean().describe("Whether the change has a tasks.md yet."),
      note: z.string().optional().describe("Says which change was picked when none was named."),
      sequence: sequenceViewSchema().optional(),
      ...truncatedFields(),
    }),
  requiresCli: false,
  annotations: readOnlyTool("List a change's tasks"),
  presentation: {
    command: ["task", "list"],
    summary: "the tasks of a change, with their ids and progress",
    arguments: ["change"],
    shortFlags: { source: "s", workdir: "w", change: "c" },
    paths: ["workdir"],
    render: (result) => [
      ...(result.note ? [{ kind: "text" as const, text: result.note, tone: "dim" as const }] : []),
      { kind: "heading", text: `${result.change}: ${result.done}/${result.total} tasks done` },
      ...(result.sequence
        ? [{ kind: "text" as const, text: describeSequence(result.sequence), tone: "dim" as const }]
        : []),
      {
        kind: "checklist",
        items: result.tasks.map((task) => ({
          id: task.id,
          done: task.done,
          text: `${task.id} ${task.text}`,
        })),
        empty: result.exists ? "(tasks.md has no tasks)" : "(no tasks.md yet)",
      },
    ],
  },
  handler: inRepository(async (input, context, repository) => {
    const { listTasks, readChangeNamesAhead } = await import("@org/openspec-artifacts");
    const { pickChange } = await import("./pick-change.js");
    const picked = await pickChange(repository, input.change);
    // A named change that is not there is answered with the closest names, read in turns first.
    if (picked.change !== undefined) await readChangeNamesAhead(repository, picked.change);
    if (picked.change === undefined) {
      const { noChangePicked } = await import("./no-change-picked.js");
      return noChangePicked(repository, picked.activeChanges);
    }
    const listed = listTasks(repository, {
      change: picked.change,
      maxBytes: context.maxArtifactBytes,
    });
    if (!listed.ok) return fromArtifactFailure(listed);
    const { sequenceView } = await import("../sequence/sequence-view.js");
    const sequence = sequenceView(repository, picked.change);
    const answer = {
      ...listed,
      ...taskProgressSummary(listed.done, listed.total),
      ...(sequence === null ? {} : { sequence }),
    };
    return picked.note ? { ...answer, note: picked.note } : answer;
  }),
});
