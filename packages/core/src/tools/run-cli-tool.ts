import type { Repository } from "@org/openspec-artifacts";
import type { ArgsResult, RunSuccess } from "@org/openspec-cli-runner";
import type { CatalogContext } from "../catalog-context.js";
import { type RepositoryTarget, resolveRepository } from "../resolve-repository.js";
import type { RunCliOptions } from "../tool-call-context.js";
import { type ToolFailure, toolFailure } from "../tool-result.js";
import { findLinkOut } from "./find-link-out.js";

/** A check of the repository of a call's own, made before the CLI is looked for: a failure refuses the call. */
export type RepositoryCheck = (
  repository: Repository,
) => ToolFailure | null | Promise<ToolFailure | null>;

/** A change or spec the call names for the CLI, checked before the CLI can follow it. */
export type NamedTarget = { name: string; type?: "change" | "spec" | undefined };

/**
 * The repository for a CLI-backed call, once the CLI is known to be there and
 * the named change or spec, if any, is known to stay inside the repository.
 * `named` may instead be a check of the repository of its own, made before
 * the CLI is looked for, as the named target's is.
 */
export async function prepareCliCall(
  context: CatalogContext,
  target: RepositoryTarget,
  named?: NamedTarget | RepositoryCheck,
): Promise<{ ok: true; repository: Repository } | ToolFailure> {
  const resolved = await resolveRepository(context, target);
  if (!resolved.ok) return resolved;
  const { repository } = resolved;
  // The CLI searches upward for openspec/, so in an uninitialised source it would read an ancestor's.
  if (resolved.source !== null && !repository.hasOpenSpec) {
    const { nameNestedOpenSpec } = await import("../name-nested-openspec.js");
    return nameNestedOpenSpec(
      toolFailure(
        "no_openspec_root",
        `The source "${resolved.source.name}" (${repository.root}) has no openspec/ folder.`,
        `Initialise it with \`{openspec} init\` in ${repository.root}, then call again.`,
      ),
      repository.root,
    );
  }
  if (typeof named === "function") {
    const refused = await named(repository);
    if (refused) return refused;
  } else if (named !== undefined) {
    const escaping = await findLinkOut(repository, named.name, named.type);
    if (escaping) return escaping;
  }
  const cli = await context.findCli();
  if (!cli.ok) return toolFailure(cli.code, cli.error, cli.fix);
  return { ok: true, repository };
}

/**
 * Runs one CLI command in the repository and returns the runner's envelope,
 * with `fix` lifted from the CLI's first diagnostic that has one.
 */
export async function runCliCommand<Extra extends object = object>(
  context: CatalogContext,
  repository: Pick<Repository, "root">,
  args: ArgsResult,
  extra: Extra = {} as Extra,
  options?: RunCliOptions,
): Promise<(RunSuccess & Extra) | ToolFailure> {
  if (!args.ok) return toolFailure(args.code, args.error, "Correct the argument and call again.");
  const result = await context.runCli(args.args, repository.root, options);
  // The runner words a refusal of the CLI itself: what it said, and its advice as the fix.
  if (result.ok || result.code === "exit_nonzero") return { ...result, ...extra };
  const fix = result.diagnostics.find((diagnostic) => diagnostic.fix !== undefined)?.fix;
  const firstMessage = result.diagnostics[0]?.message;
  // The runner's error may already carry the CLI's first error diagnostic.
  const said = firstMessage === undefined || result.error.includes(oneLine(firstMessage));
  return {
    ...result,
    ...extra,
    error: said ? result.error : `${result.error.replace(/\.$/, "")}: ${oneLine(firstMessage)}`,
    ...(fix === undefined ? {} : { fix }),
  };
}

/** Runs a CLI-backed tool end to end: target, CLI check, argv, run. */
export async function runCliTool(
  context: CatalogContext,
  target: RepositoryTarget,
  buildArgs: () => ArgsResult,
  named?: NamedTarget | RepositoryCheck,
): Promise<RunSuccess | ToolFailure> {
  const prepared = await prepareCliCall(context, target, named);
  if (!prepared.ok) return prepared;
  return runCliCommand(context, prepared.repository, buildArgs());
}

function oneLine(text: string): string {
  return text.split("\n")[0]?.trim() ?? text;
}
