import { LIST_READER_CLI_VERSION } from "@org/openspec-artifacts";
import type { CatalogContext } from "../catalog-context.js";
import { cliVersionOf } from "./cli-version-of.js";

/**
 * Why the CLI, not the artifacts reader, must answer a command the reader
 * reproduces (`list`, `status`), or null when the reader may: it reproduces
 * one CLI version's output, so a missing CLI or one of another version goes
 * to the CLI path, which reports or runs it.
 */
export async function whyCliMustAnswer(context: CatalogContext): Promise<string | null> {
  const cli = await context.findCli();
  if (!cli.ok) return cli.error;
  const version = cliVersionOf(cli.path);
  if (version === LIST_READER_CLI_VERSION) return null;
  return `the CLI found is ${version === null ? "not a known OpenSpec package" : `version ${version}`}, and the reader reproduces ${LIST_READER_CLI_VERSION}`;
}
