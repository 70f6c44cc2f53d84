import {
  type CliStatus,
  type NeedsCli,
  type Repository,
  statusLikeCli,
} from "@org/openspec-artifacts";
import type { CatalogContext } from "../catalog-context.js";
import { whyCliMustAnswer } from "./why-cli-must-answer.js";

/**
 * `openspec status --change <name> --json` answered from the files (the
 * artifacts reader), or why the CLI must answer instead: without a change
 * (the CLI words that refusal), with a schema named by the call, with a CLI
 * of another version, or for a change the reader does not cover. A cheap
 * call thus never waits for a CLI run slot behind whole-repository runs.
 */
export async function statusNatively(
  context: CatalogContext,
  repository: Repository,
  change: string | undefined,
  schema: string | undefined,
): Promise<{ status: CliStatus } | NeedsCli> {
  if (change === undefined) return { needsCli: "no change was named or picked" };
  if (schema !== undefined) return { needsCli: "the call names a schema" };
  const needsCli = await whyCliMustAnswer(context);
  if (needsCli !== null) return { needsCli };
  try {
    const status = await statusLikeCli(repository, { change, env: context.env });
    return "needsCli" in status ? status : { status };
  } catch (error) {
    return { needsCli: `the reader failed: ${String(error)}` };
  }
}
