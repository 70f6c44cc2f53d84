import { statusArgs } from "@org/openspec-cli-runner";
import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import { pickChange } from "./pick-change.js";
import { prepareCliCall, runCliCommand } from "./run-cli-tool.js";

export const statusTool = defineTool({
  name: "openspec_status",
  description:
    "Run `openspec status --json` for a change: its schema, artifacts with done/ready/blocked status, and next steps. Without change, the only active change is used when there is exactly one.",
  inputSchema: z
    .object({
      ...repositoryTargetFields,
      change: nameField("The change to report on.").optional(),
      schema: nameField("A workflow schema to report against.").optional(),
    })
    .strict(),
  requiresCli: true,
  annotations: readOnlyTool("Show OpenSpec change status"),
  handler: async (input, context) => {
    const named =
      input.change === undefined ? undefined : { name: input.change, type: "change" as const };
    const prepared = await prepareCliCall(context, input, named);
    if (!prepared.ok) return prepared;
    const picked = pickChange(prepared.repository, input.change);
    return runCliCommand(
      context,
      prepared.repository,
      statusArgs({
        ...(picked.change ? { change: picked.change } : {}),
        ...(input.schema ? { schema: input.schema } : {}),
      }),
      { change: picked.change ?? null, ...(picked.note ? { note: picked.note } : {}) },
    );
  },
});
