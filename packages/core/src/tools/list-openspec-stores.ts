import { tmpdir } from "node:os";
import { isAbsolute } from "node:path";
import { isDirectory } from "@org/openspec-artifacts";
import { storeListArgs } from "@org/openspec-cli-runner";
import { z } from "zod";
import { builtOnFirstUse } from "../built-on-first-use.js";
import type { CatalogContext } from "../catalog-context.js";
import { type ToolFailure, toolFailure } from "../tool-result.js";

/**
 * `openspec store list --json` as the CLI's contract gives it (1.13.2):
 * `{ stores: [{ id, root }], status: [] }`. Keys a newer CLI may add are
 * allowed and ignored; the root is whatever the CLI's registry file holds,
 * which a hand edit can make relative or point anywhere, so callers check it.
 */
export const storeListOutput = builtOnFirstUse(() =>
  z.object({
    stores: z.array(z.object({ id: z.string().min(1), root: z.string().min(1) })),
    status: z.array(z.unknown()),
  }),
);

/** One store the CLI listed. */
export type OpenSpecStore = z.output<ReturnType<typeof storeListOutput>>["stores"][number];

/**
 * The OpenSpec stores registered on this machine, from the CLI (run with the
 * catalog's environment, whose `HOME` and `XDG_DATA_HOME` choose the CLI's
 * store registry). A run that fails passes on the runner's failure with the
 * CLI's first diagnostic; a CLI without `store` and output of another shape
 * are `cli_failed`.
 */
export async function listOpenSpecStores(
  context: CatalogContext,
): Promise<{ ok: true; stores: OpenSpecStore[]; command: string[] } | ToolFailure> {
  const cli = await context.findCli();
  if (!cli.ok) return toolFailure(cli.code, cli.error, cli.fix);
  const args = storeListArgs();
  if (!args.ok) return toolFailure(args.code, args.error);
  const result = await context.runCli(args.args, storeListWorkdir(context), { source: null });
  const evidence = { command: result.command, stdout: result.stdout, stderr: result.stderr };
  if (!result.ok) {
    if (result.code === "exit_nonzero" && /unknown command '?store'?/i.test(result.stderr)) {
      return toolFailure(
        "cli_failed",
        `The OpenSpec CLI at ${cli.path} has no \`store\` command, so it keeps no stores.`,
        "Install a newer @fission-ai/openspec (1.13.2 has stores), or set OPENSPEC_BIN to one.",
        evidence,
      );
    }
    const first = result.diagnostics[0];
    return toolFailure(
      result.code,
      // The runner's error already says the CLI's first error and its advice.
      result.code === "exit_nonzero" || !first
        ? result.error
        : `${result.error.replace(/\.$/, "")}: ${first.message.split("\n")[0]}`,
      result.fix ??
        first?.fix ??
        "Run `{openspec} store doctor` to see what is wrong with the stores.",
      evidence,
    );
  }
  const parsed = storeListOutput().safeParse(result.stdout);
  if (!parsed.success) {
    return toolFailure(
      "cli_failed",
      "`{openspec} store list --json` printed no store list this version of openspec-agent can read.",
      "Run `{openspec} store list --json` to see what it prints, and use the CLI version openspec-agent is tested with (1.13.2).",
      evidence,
    );
  }
  return { ok: true, stores: parsed.data.stores, command: result.command };
}

/**
 * Where `store list` runs: it resolves no OpenSpec root, so any existing
 * folder will do; the home of the environment the CLI runs with first, the
 * folder its store registry hangs off, so a catalog given an environment
 * never runs the CLI in the host user's own home.
 */
export function storeListWorkdir(context: CatalogContext): string {
  const home = context.env.HOME;
  if (home !== undefined && isAbsolute(home) && isDirectory(home)) return home;
  return isDirectory(context.home) ? context.home : tmpdir();
}
