import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { defineTool, writingTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";
import { fromArtifactFailure } from "./from-artifact-failure.js";
import { inRepository } from "./in-repository.js";

export const changeUnarchiveTool = defineTool({
  name: "openspec_change_unarchive",
  description: "Move an archived change back to the active changes; merged specs stay.",
  notes:
    "Move an archived change back to the active changes, without the OpenSpec CLI: openspec/changes/archive/<date>-<change> becomes openspec/changes/<change> in one rename. change is the plain name, or the archive folder's name when several archived folders share the plain name (ambiguous_artifact lists them). Refuses when an active change has that name (change_exists) and archive entries that are symlinks. The baseline specs the archive already merged are NOT rolled back: specs_not_rolled_back lists them, and notice says so.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        change: nameField("Its name or archive folder name."),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ok: z.literal(true),
      change: z.string().describe("The active change's name now."),
      token: z.string().describe("The change's token, as openspec_context hands it out."),
      archived_as: z.string().describe("The archive folder it came from."),
      from: z.string().describe("Where it was, relative to the repository root."),
      path: z.string().describe("Where it is now, relative to the repository root."),
      specs_not_rolled_back: z
        .array(z.strictObject({ id: z.string(), path: z.string() }))
        .describe(
          "Baseline specs the change has delta specs for: the archive merged them and they stay as they are.",
        ),
      notice: z.string().describe("Says plainly that baseline specs are not rolled back."),
    }),
  requiresCli: false,
  annotations: writingTool("Move an archived OpenSpec change back", true),
  presentation: {
    command: ["change", "unarchive"],
    summary: "move an archived change back to the active changes (baseline specs stay as they are)",
    arguments: ["change"],
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    render: (result) => [
      { kind: "text", text: `moved ${result.from} back to ${result.path}`, tone: "good" },
      { kind: "text", text: result.notice, tone: "warning" },
      ...result.specs_not_rolled_back.map(
        (spec): ResultBlock => ({ kind: "text", text: `  ${spec.path}`, tone: "warning" }),
      ),
    ],
  },
  handler: inRepository(async (input, _context, repository) => {
    const { unarchiveChange } = await import("@org/openspec-artifacts");
    const moved = await unarchiveChange(repository, { change: input.change });
    if (!moved.ok) return fromArtifactFailure(moved);
    const specs = moved.specs_not_rolled_back;
    return {
      ...moved,
      notice:
        specs.length === 0
          ? "No baseline spec is affected: the change has no delta spec with a spec in openspec/specs."
          : `The baseline specs are NOT rolled back: ${specs.map((spec) => spec.id).join(", ")} ${specs.length === 1 ? "still holds what the archive merged into it; restore it" : "still hold what the archive merged into them; restore them"} from version control if the change should not be in ${specs.length === 1 ? "it" : "them"}.`,
    };
  }),
});
