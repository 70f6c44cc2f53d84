import { z } from "zod";
import { repositoryTargetFields } from "../input-fields.js";
import { defineTool, writingTool } from "../tool-definition.js";
import { toolFailure } from "../tool-result.js";
import { changeCreateTool, writeChange } from "./change-create-tool.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { inRepository } from "./in-repository.js";
import { renderWarnings } from "./render-warnings.js";
import { renderValidation } from "./validate-change.js";

/**
 * Turns an idea into a change through openspec_change_create's writer, so
 * the change is written, checked and validated the same way; the proposal
 * names the idea (`## Source Idea`, and `sourceIdea` in `.openspec.yaml`)
 * and the idea names the change (`## Promoted`).
 */
export const ideaPromoteTool = defineTool({
  name: "openspec_idea_promote",
  description:
    "Propose a change from an idea, linking the two; then add delta specs (openspec_spec_create with change).",
  notes:
    "Propose a change from an idea: the proposal and the idea link to each other. Add delta specs afterwards (openspec_spec_create with change) for `openspec validate --strict` to pass.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        // Lengths and emptiness are checked by openspec_change_create's writer, naming the field.
        idea: z.string().describe("Idea slug."),
        change: z.string().describe("The new change name, kebab-case."),
        why: z.string().optional().describe("Default: from the idea."),
        what_changes: z.array(z.string()).optional().describe("Default: from the idea."),
        force: z.boolean().optional().describe("Replace the files of an existing change."),
      })
      .strict(),
  outputSchema: () =>
    changeCreateTool.outputSchema.extend({
      idea: z.string().describe("The idea's slug."),
      idea_path: z.string(),
    }),
  requiresCli: false,
  annotations: writingTool("Promote an OpenSpec idea to a change", true),
  presentation: {
    command: ["idea", "promote"],
    summary: "propose a change from an idea, linked both ways",
    arguments: ["idea", "change"],
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    fallsShort: (result) => result.validation?.valid === false,
    render: (result) => [
      { kind: "text", text: `promoted ${result.idea_path} to ${result.path} (${result.token})` },
      ...renderWarnings(result.warnings),
      ...renderValidation(result.validation, result.note),
    ],
  },
  handler: inRepository(async (input, context, repository) => {
    const { ideaHash, locateIdea, readIdea, readIdeaSections, recordIdeaPromotion } = await import(
      "@org/openspec-artifacts"
    );
    const located = locateIdea(repository, input.idea);
    if (!located.ok) return fromArtifactFailure(located);
    const { idea } = located;
    const read = readIdea(repository, idea, ideaHash(idea.slug), context.maxArtifactBytes);
    if ("ok" in read) return fromArtifactFailure(read);
    const sections = readIdeaSections(read.content);
    const why = input.why ?? sections.problem ?? sections.prompt;
    if (why === null) {
      return toolFailure(
        "invalid_input",
        `${idea.path} has neither a prompt nor an evaluated problem to say why.`,
        "Pass {field:why}.",
      );
    }
    const written = await writeChange(context, repository, {
      name: input.change,
      why,
      whatChanges: input.what_changes ?? directionItems(sections.proposedDirection) ?? [read.title],
      sourceIdea: { path: idea.path, title: read.title },
      force: input.force === true,
    });
    if (!written.ok) return written;
    const linked = await recordIdeaPromotion(repository, idea, written.change);
    const warnings = linked.ok
      ? written.warnings
      : [
          ...written.warnings,
          {
            code: "idea_not_linked",
            message: `The change was written, but ${idea.path} could not name it: ${linked.error}`,
          },
        ];
    return { ...written, warnings, idea: idea.slug, idea_path: idea.path };
  }),
});

/** A proposed direction as what-changes items: one per line, list markers dropped. */
function directionItems(direction: string | null): string[] | null {
  if (direction === null) return null;
  const items = direction
    .split("\n")
    .map((line) => line.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, "").trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  return items.length > 0 ? items.slice(0, 100) : null;
}
