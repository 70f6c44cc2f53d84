import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import { nameField, repositoryTargetFields } from "../input-fields.js";
import { markOpenSpecCommands } from "../mark-openspec-commands.js";
import { cliRunFields } from "../output-fields.js";
import { defineTool, readOnlyTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";

export const statusTool = defineTool({
  name: "openspec_status",
  description: "Report a change's artifact status and next steps.",
  notes:
    'Run `openspec status --json` for a change: its schema, artifacts with done/ready/blocked status, and next steps. Without change, the only active change is used when there is exactly one. A change on the built-in schema is answered from the files, byte for byte as the CLI prints it (`engine: "native"`); the CLI answers anything else, or with `engine: "cli"`, and `cli_reason` says why.',
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        change: nameField("The change to report on.").optional(),
        schema: nameField("Workflow schema.").optional(),
        engine: z.enum(["native", "cli"]).optional(),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ...cliRunFields(),
      change: z.string().nullable().describe("The change reported on; null when there is none."),
      note: z.string().optional().describe("Says which change was picked when none was named."),
      engine: z.enum(["native", "cli"]).describe("Who answered: the file reader or the CLI."),
      cli_reason: z.string().optional().describe("Why the CLI answered a native request."),
    }),
  requiresCli: true,
  annotations: readOnlyTool("Show OpenSpec change status"),
  presentation: {
    command: ["status"],
    summary: "artifact status of a change",
    arguments: ["change"],
    shortFlags: { source: "s", workdir: "w", change: "c" },
    paths: ["workdir"],
    render: (result) => [
      ...(result.note ? [{ kind: "text" as const, text: result.note, tone: "dim" as const }] : []),
      ...renderStatus(result.stdout),
    ],
  },
  handler: async (input, context) => {
    const { statusArgs } = await import("@org/openspec-cli-runner");
    const { runCliCommand } = await import("./run-cli-tool.js");
    const { prepareChangeCall } = await import("./prepare-change-call.js");
    const prepared = await prepareChangeCall(context, input);
    if (!prepared.ok) return prepared;
    const { picked } = prepared;
    // With no change named, the CLI reports on none or refuses in words of its
    // own flags; several active changes are refused here, naming the field.
    if (picked.change === undefined && picked.activeChanges.length > 1) {
      const { noChangePicked } = await import("./no-change-picked.js");
      return noChangePicked(prepared.repository, picked.activeChanges);
    }
    const args = statusArgs({
      ...(picked.change ? { change: picked.change } : {}),
      ...(input.schema ? { schema: input.schema } : {}),
    });
    const extra = { change: picked.change ?? null, ...(picked.note ? { note: picked.note } : {}) };
    let cliReason: string | undefined;
    if (input.engine !== "cli" && args.ok) {
      const { statusNatively } = await import("./status-natively.js");
      const started = performance.now();
      const native = await statusNatively(
        context,
        prepared.repository,
        picked.change,
        input.schema,
      );
      if ("status" in native) {
        const { nativeAnswer } = await import("./native-answer.js");
        return {
          ...nativeAnswer(args.args, prepared.repository.root, native.status, started),
          ...extra,
        };
      }
      if (native.refusal !== undefined) {
        const { refusedAnswer } = await import("./refused-answer.js");
        return refusedAnswer(native.refusal);
      }
      cliReason = native.needsCli;
    }
    const { wordMetadataRefusal } = await import("./word-metadata-refusal.js");
    const ran = wordMetadataRefusal(
      await runCliCommand(context, prepared.repository, args, { ...extra, engine: "cli" as const }),
      picked.change,
    );
    return cliReason === undefined || !ran.ok ? ran : { ...ran, cli_reason: cliReason };
  },
});

const cliStatus = builtOnFirstUse(() =>
  z.object({
    changeName: z.string(),
    schemaName: z.string(),
    artifacts: z.array(z.object({ id: z.string(), outputPath: z.string(), status: z.string() })),
    nextSteps: z.array(z.string()).optional(),
  }),
);

/** The change's artifacts and what to do next, read from the CLI's JSON. */
function renderStatus(stdout: unknown): ResultBlock[] {
  const parsed = cliStatus().safeParse(stdout);
  if (!parsed.success) {
    const message = z.object({ message: z.string() }).safeParse(stdout);
    return [
      {
        kind: "text",
        text: message.success ? message.data.message : JSON.stringify(stdout, null, 2),
      },
    ];
  }
  const { changeName, schemaName, artifacts, nextSteps } = parsed.data;
  return [
    { kind: "heading", text: `${changeName} (schema ${schemaName})` },
    {
      kind: "checklist",
      items: artifacts.map((artifact) => ({
        id: artifact.id,
        done: artifact.status === "done" || artifact.status === "skipped",
        text: `${artifact.id} ${artifact.outputPath} (${artifact.status})`,
      })),
      empty: "(no artifacts)",
    },
    ...(nextSteps ?? []).map(
      (step): ResultBlock => ({ kind: "text", text: `next: ${markOpenSpecCommands(step)}` }),
    ),
  ];
}
