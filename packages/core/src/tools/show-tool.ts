import { showArgs } from "@org/openspec-cli-runner";
import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import { runCliTool } from "./run-cli-tool.js";

export const showTool = defineTool({
  name: "openspec_show",
  description:
    "Run `openspec show <target> --json` in a repository: a change with its deltas, or a spec with its requirements. Filters: type, deltas_only (changes), requirements and no_scenarios (specs), requirement (a spec's 1-based requirement number).",
  inputSchema: z
    .object({
      ...repositoryTargetFields,
      target: nameField("The change name or spec id to show."),
      type: z
        .enum(["change", "spec"])
        .optional()
        .describe("Say which, when a change and a spec share the name."),
      deltas_only: z.boolean().optional().describe("Changes: only the deltas."),
      requirements: z.boolean().optional().describe("Specs: only the requirements."),
      no_scenarios: z.boolean().optional().describe("Leave scenario content out."),
      requirement: z
        .number()
        .int()
        .min(1)
        .optional()
        .describe("Specs: only this 1-based requirement."),
    })
    .strict(),
  requiresCli: true,
  annotations: readOnlyTool("Show an OpenSpec change or spec"),
  handler: (input, context) =>
    runCliTool(
      context,
      input,
      () =>
        showArgs({
          item: input.target,
          ...(input.type ? { type: input.type } : {}),
          deltasOnly: input.deltas_only === true,
          requirements: input.requirements === true,
          scenarios: input.no_scenarios !== true,
          ...(input.requirement === undefined ? {} : { requirement: input.requirement }),
        }),
      { name: input.target, type: input.type },
    ),
});
