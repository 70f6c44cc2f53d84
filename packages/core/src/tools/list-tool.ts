import { z } from "zod";
import { repositoryTargetFields } from "../input-fields.js";
import { cliRunFields } from "../output-fields.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";

export const listTool = defineTool({
  name: "openspec_list",
  description:
    "`openspec list --json` of a repository: its changes (name, task counts, last modified, status) or, with kind `specs`, its specs (id, requirement count), exactly as the CLI prints them.",
  inputSchema: z
    .object({
      ...repositoryTargetFields,
      kind: z.enum(["changes", "specs"]).optional().describe("What to list (default changes)."),
      sort: z.enum(["recent", "name"]).optional().describe("Sort order for changes."),
      engine: z
        .enum(["native", "cli"])
        .optional()
        .describe("native (default): read the files; cli: run openspec."),
    })
    .strict(),
  outputSchema: () =>
    z.strictObject({
      ...cliRunFields,
      engine: z.enum(["native", "cli"]).describe("Who answered: the file reader or the CLI."),
      cli_reason: z.string().optional().describe("Why the CLI answered a native request."),
    }),
  requiresCli: true,
  annotations: readOnlyTool("List OpenSpec changes or specs"),
  presentation: {
    command: ["list"],
    summary: "list changes, or specs with --specs",
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    valueFlags: [{ flag: "specs", field: "kind", value: "specs" }],
    render: (result) => renderListing(result.stdout),
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
        return {
          ok: true as const,
          command: ["openspec", ...args.args],
          workdir: prepared.repository.root,
          exit_code: 0 as const,
          signal: null,
          stdout: native.listing,
          stderr: "",
          truncated: false,
          duration_ms: Math.round(performance.now() - started),
          diagnostics: [],
          engine: "native" as const,
        };
      }
      cliReason = native.needsCli;
    }
    const ran = await runCliCommand(context, prepared.repository, args, { engine: "cli" as const });
    return ran.ok && cliReason !== undefined ? { ...ran, cli_reason: cliReason } : ran;
  },
});

const listedChanges = z.object({
  changes: z.array(
    z.object({
      name: z.string(),
      completedTasks: z.number(),
      totalTasks: z.number(),
      status: z.string(),
    }),
  ),
});
const listedSpecs = z.object({
  specs: z.array(z.object({ id: z.string(), requirementCount: z.number() })),
});

/** The CLI's listing as a table; its JSON is read only as far as the table needs. */
function renderListing(stdout: unknown): ResultBlock[] {
  const changes = listedChanges.safeParse(stdout);
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
  const specs = listedSpecs.safeParse(stdout);
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
