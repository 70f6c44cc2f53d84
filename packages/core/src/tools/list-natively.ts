import {
  type CliListing,
  listLikeCli,
  type NeedsCli,
  type Repository,
} from "@org/openspec-artifacts";
import type { CatalogContext } from "../catalog-context.js";
import { shareNextStart } from "../share-next-start.js";
import { whyCliMustAnswer } from "./why-cli-must-answer.js";

export type ListRequest = { kind: "changes" | "specs"; sort?: "recent" | "name" | undefined };

// One reading per repository and listing for every caller that arrives while
// another runs: 50 sessions listing 10,000 changes read them twice, not 50 times.
const readings = shareNextStart<CliListing | NeedsCli>();

/**
 * `openspec list --json` answered from the files (the artifacts reader), or
 * why the CLI must answer instead: the reader reproduces one CLI version, so
 * a CLI of another version, or a repository using what the reader does not
 * cover, goes to the CLI. With `refusal`, the CLI must not be asked either
 * (a FIFO where it would read a file): the caller answers that failure.
 */
export async function listNatively(
  context: CatalogContext,
  repository: Repository,
  request: ListRequest,
): Promise<{ listing: CliListing } | NeedsCli> {
  const needsCli = await whyCliMustAnswer(context);
  if (needsCli !== null) return { needsCli };
  const { env } = context;
  const key = JSON.stringify([
    repository.root,
    request.kind,
    request.sort ?? "recent",
    env.LC_ALL,
    env.LC_MESSAGES,
    env.LANG,
    env.XDG_DATA_HOME,
    env.HOME,
  ]);
  const listing = await readings(key, () =>
    listLikeCli(repository, { kind: request.kind, sort: request.sort, env }).catch(
      (error: unknown) => ({ needsCli: `the reader failed: ${String(error)}` }),
    ),
  );
  return "needsCli" in listing ? listing : { listing };
}
