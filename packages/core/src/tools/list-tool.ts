import { listArgs } from "@org/openspec-cli-runner";
import { z } from "zod";
import { repositoryTargetFields } from "../input-fields.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import { runCliTool } from "./run-cli-tool.js";

export const listTool = defineTool({
  name: "openspec_list",
  description:
    "Run `openspec list --json` in a repository: its changes (name, task counts, last modified, status) or, with kind `specs`, its specs (id, requirement count). The CLI's JSON is returned unchanged under stdout.",
  inputSchema: z
    .object({
      ...repositoryTargetFields,
      kind: z.enum(["changes", "specs"]).optional().describe("What to list (default changes)."),
      sort: z.enum(["recent", "name"]).optional().describe("Sort order for changes."),
    })
    .strict(),
  requiresCli: true,
  annotations: readOnlyTool("List OpenSpec changes or specs"),
  handler: (input, context) =>
    runCliTool(context, input, () =>
      listArgs({ kind: input.kind ?? "changes", ...(input.sort ? { sort: input.sort } : {}) }),
    ),
});
