import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { GROUP_NAME } from "../sequence/change-sequence.js";
import { sequenceViewSchema } from "../sequence/sequence-view-schema.js";
import { defineTool, writingTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";

export const changeSequenceSetTool = defineTool({
  name: "openspec_change_sequence_set",
  description:
    "Set the order of a group of active changes and what each needs first; kept in each change's .openspec.yaml. Pick it after proposing several related changes.",
  inputSchema: z
    .object({
      ...repositoryTargetFields,
      changes: z
        .array(nameField("An active change."))
        .min(1)
        .max(100)
        .describe("The group's active changes, in order."),
      group: z.string().regex(GROUP_NAME).optional().describe('The group (default "default").'),
      depends_on: z
        .record(nameField("A change of the group."), z.array(nameField("A change.")).max(100))
        .optional()
        .describe("Per change, the changes it needs first."),
    })
    .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      group: z.string(),
      changes: z.array(z.strictObject({ name: z.string(), sequence: sequenceViewSchema() })),
      removed: z.array(z.string()).describe("Changes taken out of the group."),
      written: z.array(z.string()).describe("Metadata files changed."),
    }),
  requiresCli: false,
  annotations: {
    ...writingTool("Order changes and their dependencies", false),
    idempotentHint: true,
  },
  presentation: {
    command: ["change", "sequence"],
    summary: "set the order of a group of changes and what each needs first",
    arguments: ["changes"],
    shortFlags: { source: "s", workdir: "w", group: "g" },
    paths: ["workdir"],
    render: (result) => [
      { kind: "heading", text: `sequence ${result.group}` },
      {
        kind: "table",
        columns: ["#", "CHANGE", "NEEDS", "BLOCKED BY"],
        rows: result.changes.map(({ name, sequence }) => [
          String(sequence.position),
          name,
          sequence.depends_on.join(", ") || "-",
          sequence.blocked_by.join(", ") || "-",
        ]),
        empty: "(none)",
      },
      ...(result.removed.length > 0
        ? [
            {
              kind: "text",
              text: `taken out of the group: ${result.removed.join(", ")}`,
              tone: "dim",
            } satisfies ResultBlock,
          ]
        : []),
    ],
  },
  async handler(input, context) {
    const { setChangeSequence } = await import("../sequence/set-change-sequence.js");
    const { resolveRepository } = await import("../resolve-repository.js");
    const target = resolveRepository(context, input);
    if (!target.ok) return target;
    return setChangeSequence(target.repository, {
      changes: input.changes,
      group: input.group ?? "default",
      dependsOn: input.depends_on ?? {},
    });
  },
});
