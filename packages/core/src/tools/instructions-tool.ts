import { instructionsArgs } from "@org/openspec-cli-runner";
import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import { pickChange } from "./pick-change.js";
import { prepareCliCall, runCliCommand } from "./run-cli-tool.js";
import { templateGuidance } from "./template-guidance.js";

/** Names agents use that the CLI spells differently. */
const ARTIFACT_ALIASES: Readonly<Record<string, string>> = { spec: "specs" };

export const instructionsTool = defineTool({
  name: "openspec_instructions",
  description:
    "Get OpenSpec's enriched instructions for writing an artifact (proposal, specs, design, tasks; `spec` means `specs`) or for `apply`: description, instruction, template, dependencies and where to write it. Without change, the only active change is used when there is exactly one; in a repository with no change yet, guidance comes from the schema's template (fallback: true).",
  inputSchema: z
    .object({
      ...repositoryTargetFields,
      artifact: nameField("The artifact id, e.g. proposal, specs, design, tasks, or apply."),
      change: nameField("The change the artifact belongs to.").optional(),
      schema: nameField("A workflow schema other than the change's own.").optional(),
    })
    .strict(),
  requiresCli: true,
  annotations: readOnlyTool("Get OpenSpec instructions"),
  handler: async (input, context) => {
    const named =
      input.change === undefined ? undefined : { name: input.change, type: "change" as const };
    const prepared = await prepareCliCall(context, input, named);
    if (!prepared.ok) return prepared;
    const artifact = ARTIFACT_ALIASES[input.artifact] ?? input.artifact;
    const picked = pickChange(prepared.repository, input.change);
    if (picked.change === undefined && picked.activeChanges.length === 0 && artifact !== "apply") {
      return templateGuidance(context, prepared.repository, artifact, input.schema);
    }
    return runCliCommand(
      context,
      prepared.repository,
      instructionsArgs({
        artifact,
        ...(picked.change ? { change: picked.change } : {}),
        ...(input.schema ? { schema: input.schema } : {}),
      }),
      { artifact, change: picked.change ?? null, ...(picked.note ? { note: picked.note } : {}) },
    );
  },
});
