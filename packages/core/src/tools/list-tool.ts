import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import { repositoryTargetFields } from "../input-fields.js";
import { cliRunFields } from "../output-fields.js";
import { pageInputFields, pageSchema } from "../page-list.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";
import { nativeAnswer } from "./native-answer.js";
import { pageCliAnswer } from "./page-cli-answer.js";
import { refusedAnswer } from "./refused-answer.js";
import { restNotice } from "./rest-notice.js";

/** Entries per page by default: 40 of the CLI's change entries are about 1,800 tokens of answer. */
const ENTRIES_PER_PAGE = 40;

export const listTool = defineTool({
  name: "openspec_list",
  description: "List a repository's changes, or with kind `specs` its specs.",
  notes:
    "Run `openspec list --json` in a repository: its changes (name, task counts, last modified, status) or, with kind `specs`, its specs (id, requirement count). The CLI's JSON is returned under stdout, its `changes` or `specs` 40 a page: `page` says where the page starts, how many there are in all and, in next_offset, the offset of the next page (null on the last); `limit` (up to 1000) and `offset` choose another.",
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        kind: z.enum(["changes", "specs"]).optional().describe("Default changes."),
        sort: z.enum(["recent", "name"]).optional().describe("Changes only."),
        engine: z.enum(["native", "cli"]).optional(),
        ...pageInputFields(),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ...cliRunFields(),
      engine: z.enum(["native", "cli"]).describe("Who answered: the file reader or the CLI."),
      cli_reason: z.string().optional().describe("Why the CLI answered a native request."),
      page: pageSchema().optional().describe("Which changes or specs stdout holds."),
    }),
  requiresCli: true,
  annotations: readOnlyTool("List OpenSpec changes or specs"),
  presentation: {
    command: ["list"],
    summary: "list changes, or specs with --specs",
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    valueFlags: [{ flag: "specs", field: "kind", value: "specs" }],
    render: (result) => [...renderListing(result.stdout), ...restNotice(result.page)],
  },
  async handler(input, context) {
    const { listArgs } = await import("@org/openspec-cli-runner");
    const { prepareCliCall, runCliCommand } = await import("./run-cli-tool.js");
    const request = { kind: input.kind ?? "changes", ...(input.sort ? { sort: input.sort } : {}) };
    const args = listArgs(request);
    const { findRepositoryLinkOut } = await import("./find-repository-link-out.js");
    // Both engines, and the CLI a native listing falls back to, read every item of the kind.
    const prepared = await prepareCliCall(context, input, (repository) =>
      findRepositoryLinkOut(repository, {
        specs: request.kind === "specs",
        changes: request.kind === "changes",
      }),
    );
    if (!prepared.ok) return prepared;
    let cliReason: string | undefined;
    if (input.engine !== "cli" && args.ok) {
      const { listNatively } = await import("./list-natively.js");
      const started = performance.now();
      const native = await listNatively(context, prepared.repository, request);
      if ("listing" in native) {
        return pageCliAnswer(
          nativeAnswer(args.args, prepared.repository.root, native.listing, started),
          input,
          ["changes", "specs"],
          ENTRIES_PER_PAGE,
        );
      }
      if (native.refusal !== undefined) return refusedAnswer(native.refusal);
      cliReason = native.needsCli;
    }
    const ran = await runCliCommand(context, prepared.repository, args, { engine: "cli" as const });
    if (!ran.ok) return ran;
    const paged = pageCliAnswer(ran, input, ["changes", "specs"], ENTRIES_PER_PAGE);
    return cliReason === undefined ? paged : { ...paged, cli_reason: cliReason };
  },
});

const listedChanges = builtOnFirstUse(() =>
  z.object({
    changes: z.array(
      z.object({
        name: z.string(),
        completedTasks: z.number(),
        totalTasks: z.number(),
        status: z.string(),
      }),
    ),
  }),
);
const listedSpecs = builtOnFirstUse(() =>
  z.object({
    specs: z.array(z.object({ id: z.string(), requirementCount: z.number() })),
  }),
);

/** The CLI's listing as a table; its JSON is read only as far as the table needs. */
function renderListing(stdout: unknown): ResultBlock[] {
  const changes = listedChanges().safeParse(stdout);
  if (changes.success) {
    return [
      {
        kind: "table",
        columns: ["CHANGE", "TASKS", "STATUS"],
        rows: changes.data.changes.map((c) => [
          c.name,
          `${c.completedTasks}/${c.totalTasks}`,
          c.status,
        ]),
        empty: "(no active changes)",
      },
    ];
  }
  const specs = listedSpecs().safeParse(stdout);
  if (specs.success) {
    return [
      {
        kind: "table",
        columns: ["SPEC", "REQUIREMENTS"],
        rows: specs.data.specs.map((s) => [s.id, String(s.requirementCount)]),
        empty: "(no specs)",
      },
    ];
  }
  return [{ kind: "text", text: JSON.stringify(stdout, null, 2) }];
}
