import { validateArgs } from "@org/openspec-cli-runner";
import { z } from "zod";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import { toolFailure } from "../tool-result.js";
import { runCliTool } from "./run-cli-tool.js";
import { summarizeValidation } from "./summarize-validation.js";

export const validateTool = defineTool({
  name: "openspec_validate",
  description:
    "Run `openspec validate --strict --json --no-interactive` in a repository, on one target (a change or spec) or a scope (all, changes, specs; default all). ok is false when any item is invalid: code validation_failed, error counts and names the invalid items, fix says what to correct first, invalid lists each invalid item with its file and issues; the full report stays under stdout.",
  inputSchema: z
    .object({
      ...repositoryTargetFields,
      target: nameField("One change name or spec id to validate.").optional(),
      type: z
        .enum(["change", "spec"])
        .optional()
        .describe("Say which, when a change and a spec share the name."),
      scope: z
        .enum(["all", "changes", "specs"])
        .optional()
        .describe("Validate every item of a kind (default all)."),
    })
    .strict(),
  requiresCli: true,
  annotations: readOnlyTool("Validate OpenSpec artifacts"),
  handler: async (input, context) => {
    if (input.target !== undefined && input.scope !== undefined) {
      return toolFailure(
        "invalid_input",
        "Both target and scope were given.",
        "Pass either a target or a scope.",
      );
    }
    const result = await runCliTool(
      context,
      input,
      () =>
        input.target === undefined
          ? validateArgs({ scope: input.scope ?? "all", strict: true })
          : validateArgs({
              item: input.target,
              ...(input.type ? { type: input.type } : {}),
              strict: true,
            }),
      input.target === undefined ? undefined : { name: input.target, type: input.type },
    );
    if (result.ok || result.code !== "exit_nonzero") return result;
    // The CLI reports invalid items only deep inside stdout; say them at the top.
    const summary = summarizeValidation(result.stdout);
    if (summary === null) return result;
    return { ...result, code: "validation_failed", ...summary };
  },
});
