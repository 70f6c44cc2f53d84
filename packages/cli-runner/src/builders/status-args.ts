import type { StoreOption } from "./common-options.js";
import { type ArgsResult, startArgv } from "./start-argv.js";

export interface StatusOptions extends StoreOption {
  change?: string;
  /** Every active change instead of one. */
  all?: boolean;
  schema?: string;
}

/** `openspec status --json (--change <id> | --all) [--schema <name>] [--store <id>]` */
export function statusArgs(options: StatusOptions = {}): ArgsResult {
  return startArgv(["status", "--json"])
    .refuse(
      options.change !== undefined && options.all === true
        ? "Give either a change or all, not both."
        : undefined,
    )
    .nameOption("--change", options.change)
    .flag("--all", options.all === true)
    .nameOption("--schema", options.schema)
    .nameOption("--store", options.store)
    .result();
}
