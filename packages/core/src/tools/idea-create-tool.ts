import { z } from "zod";
import { repositoryTargetFields } from "../input-fields.js";
import { defineTool, writingTool } from "../tool-definition.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { inRepository } from "./in-repository.js";

/** Records an idea, the step before a change, as a file git shares with the team. */
export const ideaCreateTool = defineTool({
  name: "openspec_idea_create",
  description: "Record an idea, the step before a change, as openspec/ideas/<slug>.md.",
  notes:
    "Record an idea, the step before a change, as openspec/ideas/<slug>.md. Never overwrites: a taken slug gets -2, -3….",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        // Lengths and emptiness are the artifacts layer's to check, naming the field.
        title: z.string().describe("One line."),
        prompt: z.string().describe("Verbatim."),
        origin: z.string().optional().describe("human, agent or mixed."),
        tags: z.array(z.string()).optional(),
        notes: z.string().optional(),
        slug: z.string().optional().describe("Preferred file name."),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      slug: z.string(),
      title: z.string(),
      token: z.string(),
      path: z.string(),
      // `path` again, under the name the earlier Python plugin gave it (its `path` was absolute).
      relative_path: z.string(),
      origin: z.string(),
      created_at: z.string(),
      tags: z.array(z.string()),
    }),
  requiresCli: false,
  annotations: writingTool("Record an OpenSpec idea", false),
  presentation: {
    command: ["idea", "create"],
    summary: "record an idea under openspec/ideas/",
    arguments: ["title"],
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    render: (result) => [{ kind: "text", text: `created ${result.path} (${result.token})` }],
  },
  handler: inRepository(async (input, _context, repository) => {
    const { createIdea } = await import("@org/openspec-artifacts");
    const created = createIdea(repository, {
      title: input.title,
      prompt: input.prompt,
      origin: input.origin ?? null,
      tags: input.tags ?? [],
      notes: input.notes ?? null,
      slug: input.slug ?? null,
    });
    return created.ok ? { ...created, relative_path: created.path } : fromArtifactFailure(created);
  }),
});
