import { showSpec } from "@org/openspec-artifacts";
import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { resolveRepository } from "../resolve-repository.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";

export const specShowTool = defineTool({
  name: "openspec_spec_show",
  description:
    "Read one spec as structured JSON, without the OpenSpec CLI: title, purpose, and requirements with name, description and scenarios (name, GIVEN/WHEN/THEN steps, raw text). With `change`, reads that change's delta spec and marks each requirement ADDED or MODIFIED.",
  inputSchema: z
    .object({
      ...repositoryTargetFields,
      name: nameField("The spec id, e.g. `auth` or `platform/session`."),
      change: nameField("An active change whose delta spec to read.").optional(),
    })
    .strict(),
  requiresCli: false,
  annotations: readOnlyTool("Show an OpenSpec spec"),
  async handler(input, context) {
    const target = resolveRepository(context, input);
    if (!target.ok) return target;
    const result = showSpec(target.repository, {
      name: input.name,
      change: input.change ?? null,
      maxBytes: context.maxArtifactBytes,
    });
    return result.ok ? result : fromArtifactFailure(result);
  },
});
