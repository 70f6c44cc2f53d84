import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import { detailField, nameField, repositoryTargetFields } from "../input-fields.js";
import { cliRunFields } from "../output-fields.js";
import { pageInputFields, pageSchema } from "../page-list.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";
import { toolFailure } from "../tool-result.js";
import { pageValidation } from "./page-validation.js";
import { restNotice } from "./rest-notice.js";
import { summarizeValidation, validationReport } from "./summarize-validation.js";

export const validateTool = defineTool({
  name: "openspec_validate",
  description: "Validate a change, a spec or a whole scope with `openspec validate --strict`.",
  notes:
    "Run `openspec validate --strict --json --no-interactive` in a repository, on one target (a change or spec) or a scope (all, changes, specs; default all). ok is false when any item is invalid: code validation_failed, error counts and names the invalid items, fix says what to correct first, invalid lists each invalid item with its file and issues; the report stays under stdout. The report's items and the invalid list come 10 a page: `page` says where the page starts, how many items there are in all and, in next_offset, the offset of the next page (null on the last); `limit` (up to 1000) and `offset` choose another, and detail summary keeps only the counts.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        target: nameField("A change name or spec id.").optional(),
        type: z.enum(["change", "spec"]).optional().describe("When both have the name."),
        scope: z
          .enum(["all", "changes", "specs"])
          .optional()
          .describe("All of a kind (default all)."),
        ...pageInputFields(),
        detail: detailField(),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ...cliRunFields(),
      page: pageSchema().optional().describe("Which report items stdout holds."),
    }),
  requiresCli: true,
  annotations: readOnlyTool("Validate OpenSpec artifacts"),
  presentation: {
    command: ["validate"],
    summary: "validate strictly: one target, or a scope (default all)",
    arguments: ["target"],
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    valueFlags: [
      { flag: "all", field: "scope", value: "all" },
      { flag: "changes", field: "scope", value: "changes" },
      { flag: "specs", field: "scope", value: "specs" },
    ],
    render: (result) => [...renderReport(result.stdout), ...restNotice(result.page)],
  },
  handler: async (input, context) => {
    if (input.target !== undefined && input.scope !== undefined) {
      return toolFailure(
        "invalid_input",
        "Both target and scope were given.",
        "Pass either {field:target} or {field:scope}.",
      );
    }
    const { validateArgs } = await import("@org/openspec-cli-runner");
    const { runCliTool } = await import("./run-cli-tool.js");
    const { findRepositoryLinkOut } = await import("./find-repository-link-out.js");
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
      input.target === undefined
        ? (repository) => {
            // Every item is read: nothing under the folders read may lead out.
            const scope = input.scope ?? "all";
            return findRepositoryLinkOut(repository, {
              specs: scope !== "changes",
              changes: scope !== "specs",
            });
          }
        : { name: input.target, type: input.type },
    );
    if (result.ok) return pageValidation(result, input);
    if (result.code !== "exit_nonzero") return result;
    // The CLI reports invalid items only deep inside stdout; say them at the top.
    const summary = summarizeValidation(result.stdout);
    if (summary === null) return result;
    return pageValidation({ ...result, code: "validation_failed" as const, ...summary }, input);
  },
});

const report = builtOnFirstUse(() =>
  validationReport().extend({
    summary: z.object({
      totals: z.object({ items: z.number(), passed: z.number(), failed: z.number() }),
    }),
  }),
);

/** Each item with its verdict and issues, then the totals. */
function renderReport(stdout: unknown): ResultBlock[] {
  const parsed = report().safeParse(stdout);
  if (!parsed.success) return [{ kind: "text", text: JSON.stringify(stdout, null, 2) }];
  const { items, summary } = parsed.data;
  return [
    ...items.flatMap((item): ResultBlock[] => [
      {
        kind: "text",
        text: `${item.valid ? "valid  " : "invalid"} ${item.type} ${item.id}`,
        tone: item.valid ? "good" : "bad",
      },
      ...item.issues.map(
        (issue): ResultBlock => ({
          kind: "text",
          text: `  ${issue.level} ${issue.path}: ${issue.message}`,
        }),
      ),
    ]),
    {
      kind: "text",
      text: `${summary.totals.items} items, ${summary.totals.passed} valid, ${summary.totals.failed} invalid`,
    },
  ];
}
