import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { readWarningSchema } from "../output-fields.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { inRepository } from "./in-repository.js";
import { readNotices } from "./read-notices.js";

export const specListTool = defineTool({
  name: "openspec_spec_list",
  description: "List a repository's spec ids, or with `change` that change's delta specs.",
  notes:
    "List spec ids without the OpenSpec CLI: those under openspec/specs/, or with `change` those under that change's specs/ folder. An empty or missing folder gives an empty list.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        change: nameField("List this change's delta specs.").optional(),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      change: z.string().nullable().describe("The change whose delta specs these are, or null."),
      specs: z.array(z.string()).describe("Spec ids, e.g. auth or platform/session."),
      count: z.number().int().describe("How many spec ids."),
      warnings: z.array(readWarningSchema()).optional(),
    }),
  requiresCli: false,
  annotations: readOnlyTool("List OpenSpec specs"),
  presentation: {
    command: ["spec", "list"],
    summary: "spec ids under openspec/specs, or under a change",
    shortFlags: { source: "s", workdir: "w", change: "c" },
    paths: ["workdir"],
    render: (result) => [
      { kind: "text", text: result.specs.length === 0 ? "(no specs)" : result.specs.join("\n") },
      ...readNotices(result.warnings),
    ],
  },
  handler: inRepository(async (input, _context, repository) => {
    const { listSpecsAsync } = await import("@org/openspec-artifacts");
    // Read in batches: a specs folder no overview has read yet never holds other callers.
    const result = await listSpecsAsync(repository, { change: input.change ?? null });
    return result.ok ? { ...result, count: result.specs.length } : fromArtifactFailure(result);
  }),
});
