import { z } from "zod";
import { repositoryTargetFields } from "../input-fields.js";
import { cliRunFields } from "../output-fields.js";
import { defineTool, writingTool } from "../tool-definition.js";
import type { ResultBlock } from "../tool-presentation.js";

export const cliTool = defineTool({
  name: "openspec_cli",
  description:
    'Run an OpenSpec CLI command no other tool covers, e.g. ["status", "--change", "x"].',
  notes:
    'Run one OpenSpec CLI command in a repository, given as an argument array without `openspec` (e.g. ["status", "--change", "x"]), and return its native JSON. For what no other tool covers; interactive commands and writes outside the repository are refused.',
  inputSchema: () =>
    z
      .object({
        ...repositoryTargetFields(),
        args: z
          .array(z.string().max(10_000))
          .min(1)
          .max(64)
          .describe("The command and its arguments, without `openspec`."),
      })
      .strict(),
  outputSchema: () =>
    z.strictObject({
      ...cliRunFields(),
      kind: z.enum(["read", "write"]).describe("Whether the command reads or writes."),
    }),
  requiresCli: true,
  annotations: writingTool("Run an OpenSpec CLI command", false),
  servesReadOnly: true,
  presentation: {
    command: ["cli"],
    summary: "run an OpenSpec CLI command from the allowlist (after --)",
    arguments: ["args"],
    shortFlags: { source: "s", workdir: "w" },
    paths: ["workdir"],
    render: (result) => renderCliOutput(result.stdout),
  },
  handler: async (input, context) => {
    const { checkCliArguments } = await import("./check-cli-arguments.js");
    const { prepareCliCall, runCliCommand } = await import("./run-cli-tool.js");
    const { checkCliTargets } = await import("./check-cli-targets.js");
    const checked = checkCliArguments(input.args, context.call.readOnly === true);
    if (!checked.ok) return checked;
    const prepared = await prepareCliCall(context, input, (repository) =>
      checkCliTargets(repository, checked),
    );
    if (!prepared.ok) return prepared;
    const kind = checked.command.kind === "write" && !checked.help ? "write" : "read";
    return runCliCommand(
      context,
      prepared.repository,
      { ok: true, args: checked.argv },
      { kind } as { kind: "read" | "write" },
      // A write the CLI has begun is never interrupted half-way.
      { cancellable: kind === "read" },
    );
  },
});

/** The CLI's JSON as indented text, or its text as printed. */
function renderCliOutput(stdout: unknown): ResultBlock[] {
  return [
    { kind: "text", text: typeof stdout === "string" ? stdout : JSON.stringify(stdout, null, 2) },
  ];
}
