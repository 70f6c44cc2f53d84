import { ITEM_TYPES, type ItemType, type StoreOption } from "./common-options.js";
import { type ArgsResult, startArgv } from "./start-argv.js";

export type ValidateScope = "all" | "changes" | "specs";

/** Validate one item, or every item of a scope. */
export type ValidateTarget = { item: string; type?: ItemType } | { scope: ValidateScope };

export type ValidateOptions = ValidateTarget &
  StoreOption & {
    strict?: boolean;
  };

const SCOPES: readonly ValidateScope[] = ["all", "changes", "specs"];

/**
 * `openspec validate (<item> [--type change|spec] | --all|--changes|--specs)
 * [--strict] --json --no-interactive [--store <id>]`
 */
export function validateArgs(options: ValidateOptions): ArgsResult {
  const argv = startArgv(["validate"]);
  if ("item" in options && "scope" in options) {
    argv.refuse("Give either an item or a scope to validate, not both.");
  } else if ("item" in options) {
    argv.name("item", options.item).choiceOption("--type", options.type, ITEM_TYPES);
  } else if (SCOPES.includes(options.scope)) {
    argv.flag(`--${options.scope}`);
  } else {
    argv.refuse(`Give an item or a scope (${SCOPES.join(", ")}) to validate.`);
  }
  return argv
    .flag("--strict", options.strict === true)
    .flag("--json")
    .flag("--no-interactive")
    .nameOption("--store", options.store)
    .result();
}
