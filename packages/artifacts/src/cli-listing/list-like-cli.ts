import { join } from "node:path";
import type { Repository } from "../open-repository.js";
import { cliNameOrder } from "./cli-name-order.js";
import { type ListedChanges, listChangesLikeCli } from "./list-changes-like-cli.js";
import { type ListedSpecs, listSpecsLikeCli } from "./list-specs-like-cli.js";
import type { NeedsCli } from "./read-folder-tree.js";
import { realRootOf } from "./real-root-of.js";
import { projectUsesBuiltinSchema } from "./uses-builtin-schema.js";

export type { NeedsCli } from "./read-folder-tree.js";

export type ListLikeCliOptions = {
  kind: "changes" | "specs";
  sort?: "recent" | "name" | undefined;
  /** The environment the CLI would run with: where it looks for the user's schemas. */
  env: Readonly<Record<string, string | undefined>>;
};

/** The document `openspec list --json` prints, with the root it chose. */
export type CliListing = (ListedChanges | ListedSpecs) & {
  root: { path: string; source: "nearest" };
};

/**
 * `openspec list --json` (or `--specs`) answered from the files, equal to
 * what the pinned CLI (1.13.2) prints for the repository, for repositories
 * on the built-in schema without stores. Anything else (a custom or
 * replaced schema, an `openspec/` that is a link or holds neither
 * `changes/` nor `specs/`, a link or unreadable folder among the changes,
 * a file past the cap) comes back as `needsCli` with the reason, for the
 * caller to run the CLI instead. Nothing outside the repository is read.
 */
export async function listLikeCli(
  repository: Repository,
  options: ListLikeCliOptions,
): Promise<CliListing | NeedsCli> {
  const root = realRootOf(repository);
  if (typeof root !== "string") return root;
  const openspecDir = join(root, "openspec");
  // The spec listing reads no schema; the change listing only where tasks are counted.
  const use = options.kind === "specs" ? "nothing" : "tasks-file";
  const schema = projectUsesBuiltinSchema(openspecDir, options.env, use);
  if (schema !== null) return schema;
  const rootOutput = { path: root, source: "nearest" as const };
  const sort = options.sort ?? "recent";
  const order = options.kind === "specs" || sort === "name" ? cliNameOrder(options.env) : null;
  if (order !== null && "needsCli" in order) return order;
  const listed =
    order === null
      ? await listChangesLikeCli(join(openspecDir, "changes"), "recent")
      : options.kind === "specs"
        ? await listSpecsLikeCli(join(openspecDir, "specs"), order)
        : await listChangesLikeCli(join(openspecDir, "changes"), order);
  if ("needsCli" in listed) return listed;
  return { ...listed, root: rootOutput };
}

/** The bytes `openspec list --json` writes for a listing. */
export function cliListingText(listing: CliListing): string {
  return `${JSON.stringify(listing, null, 2)}\n`;
}

/** The OpenSpec CLI whose `list --json` the reader reproduces, byte for byte. */
export const LIST_READER_CLI_VERSION = "1.13.2";
