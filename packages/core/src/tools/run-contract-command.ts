import type { ArgsResult, RunSuccess } from "@org/openspec-cli-runner";
import type { z } from "zod";
import type { CatalogContext } from "../catalog-context.js";
import type { RunCliOptions } from "../tool-call-context.js";
import { type ToolFailure, toolFailure } from "../tool-result.js";

/**
 * Runs one CLI command whose JSON the CLI's contract fixes, and checks the
 * answer against `shape` before a typed tool passes it on: a run that fails
 * keeps the runner's failure (with the CLI's first diagnostic and its fix),
 * and a document of another shape is `cli_output_unexpected` with the run's
 * output attached, never a guess at what a changed CLI meant.
 */
export async function runContractCommand<Shape extends z.ZodType>(
  context: CatalogContext,
  workdir: string,
  args: ArgsResult,
  shape: Shape,
  options?: RunCliOptions,
): Promise<{ run: RunSuccess; parsed: z.output<Shape> } | ToolFailure> {
  if (!args.ok) return toolFailure(args.code, args.error, "Correct the argument and call again.");
  const { runCliCommand } = await import("./run-cli-tool.js");
  const run = await runCliCommand(context, { root: workdir }, args, {}, options);
  if (!run.ok) return run;
  const parsed = shape.safeParse(run.stdout);
  if (parsed.success) return { run, parsed: parsed.data };
  const issue = parsed.error.issues[0];
  return toolFailure(
    "cli_output_unexpected",
    `\`openspec ${args.args.join(" ")}\` printed JSON of another shape than the CLI's contract gives${issue ? ` (${issue.path.join(".") || "the document"}: ${issue.message})` : ""}.`,
    "Use the OpenSpec CLI version openspec-agent is tested with (@fission-ai/openspec 1.13.2), or read the same answer raw with {tool:openspec_cli}.",
    { command: run.command, stdout: run.stdout, stderr: run.stderr },
  );
}
