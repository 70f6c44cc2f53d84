import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { specListingCannotFail } from "./spec-listing-cannot-fail.js";

/**
 * The OpenSpec version whose listing rules `specListingCannotFail` follows and
 * whose `ValidateCommand` was read for this step. Moving the pinned CLI leaves
 * the step off until someone has read the new version and moved this too (the
 * package README's "Upgrading OpenSpec").
 */
export const TYPED_VALIDATION_CLI_VERSION = "1.13.2";

type Root = { path: string };
type ItemOptions = { typeOverride?: string };
type ValidateCommand = {
  listChangeIds(root: Root): Promise<unknown>;
  validateByType(root: Root, type: string, item: string, options: ItemOptions): Promise<void>;
  validateDirectItem(root: Root, item: string, options: ItemOptions): Promise<void>;
};

/**
 * Makes `openspec validate <item> --type change|spec` in this worker skip the
 * step whose result the command does not use. Before it validates one item,
 * the CLI lists every change and every spec to learn the item's type; with
 * `--type` given it reads neither list, and the listings matter only by
 * failing when a folder cannot be read. On a repository of 1,000 changes and
 * 500 specs the spec listing is 30 of the command's 40 ms in a warm worker,
 * and one-change validations are most of what a team server runs (every
 * validation of everything is composed of them). The change listing still
 * runs (under 1 ms, and its failures stay the command's); the spec listing is
 * skipped only when `specListingCannotFail` shows it would succeed, so the
 * command prints what a cold run prints (held by the pool's differential
 * test). Only for `TYPED_VALIDATION_CLI_VERSION`, whose listing rules the
 * check follows, and only while its `ValidateCommand` has the methods used
 * here; the CLI's class is replaced on its prototype because the command is
 * built inside the CLI. Returns whether the step is skipped.
 */
export async function skipUnusedItemListing(cliIndexUrl: string): Promise<boolean> {
  if (!servesReadVersion(cliIndexUrl)) return false;
  const module: unknown = await import(new URL("../commands/validate.js", cliIndexUrl).href).catch(
    () => undefined,
  );
  const prototype = (module as { ValidateCommand?: { prototype?: Partial<ValidateCommand> } })
    ?.ValidateCommand?.prototype;
  const listEverything = prototype?.validateDirectItem;
  if (
    prototype === undefined ||
    typeof listEverything !== "function" ||
    typeof prototype.listChangeIds !== "function" ||
    typeof prototype.validateByType !== "function"
  ) {
    return false;
  }
  prototype.validateDirectItem = async function (this: ValidateCommand, root, item, options) {
    const type = options.typeOverride;
    if (type === undefined || !specListingCannotFail(join(root.path, "openspec", "specs"))) {
      return listEverything.call(this, root, item, options);
    }
    await this.listChangeIds(root);
    return this.validateByType(root, type, item, options);
  };
  return true;
}

/** Whether the CLI at `cliIndexUrl` (its `dist/cli/index.js`) is the OpenSpec version this step was written for. */
function servesReadVersion(cliIndexUrl: string): boolean {
  try {
    const manifest = JSON.parse(
      readFileSync(fileURLToPath(new URL("../../package.json", cliIndexUrl)), "utf8"),
    ) as { name?: unknown; version?: unknown };
    return (
      manifest.name === "@fission-ai/openspec" && manifest.version === TYPED_VALIDATION_CLI_VERSION
    );
  } catch {
    return false;
  }
}
