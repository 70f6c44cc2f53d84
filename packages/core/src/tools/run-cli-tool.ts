import type { Repository } from "@org/openspec-artifacts";
import type { ArgsResult } from "@org/openspec-cli-runner";
import type { CatalogContext } from "../catalog-context.js";
import { resolveRepository } from "../resolve-repository.js";
import { type ToolResult, toolFailure } from "../tool-result.js";

export type RepositoryTarget = { source?: string | undefined; workdir?: string | undefined };

/** The repository for a CLI-backed call, once the CLI is known to be there. */
export async function prepareCliCall(
  context: CatalogContext,
  target: RepositoryTarget,
): Promise<{ ok: true; repository: Repository } | Exclude<ToolResult, { ok: true }>> {
  const resolved = resolveRepository(context, target);
  if (!resolved.ok) return resolved;
  const cli = await context.findCli();
  if (!cli.ok) return toolFailure(cli.code, cli.message, cli.fix);
  return { ok: true, repository: resolved.repository };
}

/**
 * Runs one CLI command in the repository and returns the runner's envelope,
 * with `fix` lifted from the CLI's first diagnostic that has one.
 */
export async function runCliCommand(
  context: CatalogContext,
  repository: Repository,
  args: ArgsResult,
  extra: Record<string, unknown> = {},
): Promise<ToolResult> {
  if (!args.ok) return toolFailure(args.code, args.message, "Correct the argument and call again.");
  const result = await context.runCli(args.args, repository.root);
  if (result.ok) return { ...result, ...extra };
  const fix = result.diagnostics.find((diagnostic) => diagnostic.fix !== undefined)?.fix;
  const firstMessage = result.diagnostics[0]?.message;
  return {
    ...result,
    ...extra,
    error: firstMessage
      ? `${result.error.replace(/\.$/, "")}: ${oneLine(firstMessage)}`
      : result.error,
    ...(fix === undefined ? {} : { fix }),
  };
}

/** Runs a CLI-backed tool end to end: target, CLI check, argv, run. */
export async function runCliTool(
  context: CatalogContext,
  target: RepositoryTarget,
  buildArgs: () => ArgsResult,
): Promise<ToolResult> {
  const prepared = await prepareCliCall(context, target);
  if (!prepared.ok) return prepared;
  return runCliCommand(context, prepared.repository, buildArgs());
}

function oneLine(text: string): string {
  return text.split("\n")[0]?.trim() ?? text;
}
