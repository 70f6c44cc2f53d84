import { z } from "zod";
import { repositoryTargetFields } from "../input-fields.js";
import { sequenceViewSchema } from "../sequence/sequence-view-schema.js";
import { defineTool, writingTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";
import { inRepository } from "./in-repository.js";

export const changeSequenceSetTool = defineTool({
  name: "openspec_change_sequence_set",
  description: "Order related active changes and say which each needs first.",
  notes:
    "Order a group of active changes and say which each needs first; kept in each change's .openspec.yaml. Use after proposing related changes.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        changes: z
          .array(z.string().min(1).max(256))
          .min(1)
          .max(100)
          .describe("Active changes, in order."),
        group: z.string().min(1).max(64).optional().describe('Default "default".'),
        depends_on: z
          .record(z.string(), z.array(z.string().min(1).max(256)).max(100))
          .optional()
          .describe("Per change, the changes it needs first."),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      group: z.string(),
      changes: z.array(z.strictObject({ name: z.string(), sequence: sequenceViewSchema() })),
      removed: z.array(z.string()),
      written: z.array(z.string()),
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
  handler: inRepository(async (input, _context, repository) => {
    const { setChangeSequence } = await import("../sequence/set-change-sequence.js");
    return setChangeSequence(repository, {
      changes: input.changes,
      group: input.group ?? "default",
      dependsOn: input.depends_on ?? {},
    });
  }),
});
