import { listSpecs } from "@org/openspec-artifacts";
import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { resolveRepository } from "../resolve-repository.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";

export const specListTool = defineTool({
  name: "openspec_spec_list",
  description:
    "List spec ids without the OpenSpec CLI: those under openspec/specs/, or with `change` those under that change's specs/ folder. An empty or missing folder gives an empty list.",
  inputSchema: z
    .object({
      ...repositoryTargetFields,
      change: nameField("An active change whose delta specs to list.").optional(),
    })
    .strict(),
  requiresCli: false,
  annotations: readOnlyTool("List OpenSpec specs"),
  async handler(input, context) {
    const target = resolveRepository(context, input);
    if (!target.ok) return target;
    const result = listSpecs(target.repository, { change: input.change ?? null });
    return result.ok ? result : fromArtifactFailure(result);
  },
});
