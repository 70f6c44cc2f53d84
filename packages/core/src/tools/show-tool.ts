import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { cliRunFields } from "../output-fields.js";
import { pageInputFields, pageSchema } from "../page-list.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";
import { pageCliAnswer } from "./page-cli-answer.js";
import { restNotice } from "./rest-notice.js";

/** A change's deltas or a spec's requirements per page by default: ten of a large change's are about 1,700 tokens. */
const ITEMS_PER_PAGE = 10;

export const showTool = defineTool({
  name: "openspec_show",
  description: "Show a change with its deltas, or a spec with its requirements.",
  notes:
    "Run `openspec show <target> --json` in a repository: a change with its deltas, or a spec with its requirements. Filters: type, deltas_only (changes), requirements and no_scenarios (specs), requirement (a spec's 1-based requirement number). A change's deltas or a spec's requirements come 10 a page: stdout holds that page, and `page` says where it starts, how many there are in all and, in next_offset, the offset of the next page (null on the last); `limit` (up to 1000) and `offset` choose another.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        target: nameField("Change name or spec id."),
        type: z.enum(["change", "spec"]).optional().describe("When both have the name."),
        deltas_only: z.boolean().optional().describe("Changes: only the deltas."),
        requirements: z.boolean().optional().describe("Specs: only the requirements."),
        no_scenarios: z.boolean().optional(),
        requirement: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe("Specs: only this requirement (1-based)."),
        ...pageInputFields(),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ...cliRunFields(),
      page: pageSchema()
        .optional()
        .describe("Which deltas (a change) or requirements (a spec) stdout holds."),
    }),
  requiresCli: true,
  annotations: readOnlyTool("Show an OpenSpec change or spec"),
  presentation: {
    command: ["show"],
    summary: "show a change or spec as the OpenSpec CLI reports it",
    arguments: ["target"],
    shortFlags: { source: "s", workdir: "w", requirement: "r" },
    paths: ["workdir"],
    render: (result) => [...renderShown(result.stdout), ...restNotice(result.page)],
  },
  async handler(input, context) {
    const { showArgs } = await import("@org/openspec-cli-runner");
    const { runCliTool } = await import("./run-cli-tool.js");
    const shown = await runCliTool(
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
    );
    return shown.ok
      ? pageCliAnswer(shown, input, ["deltas", "requirements"], ITEMS_PER_PAGE)
      : shown;
  },
});

// Built on first use (see built-on-first-use.ts), as only the shell's readable view needs them.
const shownShapes = builtOnFirstUse(() => {
  const requirement = z.object({
    text: z.string(),
    scenarios: z.array(z.object({ rawText: z.string() })).optional(),
  });
  const shownSpec = z.object({
    id: z.string(),
    title: z.string(),
    overview: z.string().optional(),
    requirements: z.array(requirement),
  });
  const shownChange = z.object({
    id: z.string(),
    title: z.string(),
    deltas: z.array(
      z.object({
        spec: z.string(),
        operation: z.string(),
        description: z.string().optional(),
        requirement: requirement.optional(),
      }),
    ),
  });
  return { shownSpec, shownChange };
});
type ShownRequirement = z.output<
  ReturnType<typeof shownShapes>["shownSpec"]
>["requirements"][number];

/** A spec's requirements or a change's deltas, read from the CLI's JSON as far as they are there. */
function renderShown(stdout: unknown): ResultBlock[] {
  const scenarios = (r: ShownRequirement): ResultBlock[] =>
    (r.scenarios ?? []).map((scenario) => ({ kind: "text", text: indent(scenario.rawText) }));
  const spec = shownShapes().shownSpec.safeParse(stdout);
  if (spec.success) {
    return [
      { kind: "heading", text: `${spec.data.id}: ${spec.data.title}` },
      ...(spec.data.overview ? [{ kind: "text" as const, text: spec.data.overview }] : []),
      ...spec.data.requirements.flatMap((r, index): ResultBlock[] => [
        { kind: "heading", text: `Requirement ${index + 1}` },
        { kind: "text", text: r.text },
        ...scenarios(r),
      ]),
    ];
  }
  const change = shownShapes().shownChange.safeParse(stdout);
  if (change.success) {
    return [
      { kind: "heading", text: `${change.data.id}: ${change.data.title}` },
      {
        kind: "table",
        columns: ["SPEC", "OPERATION", "DELTA"],
        rows: change.data.deltas.map((delta) => [
          delta.spec,
          delta.operation,
          oneLine(delta.description ?? delta.requirement?.text ?? ""),
        ]),
        empty: "(no deltas)",
      },
    ];
  }
  return [{ kind: "text", text: JSON.stringify(stdout, null, 2) }];
}

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `  ${line}`)
    .join("\n");
}

function oneLine(text: string): string {
  return text.split("\n")[0] ?? "";
}
