import type { StoreOption } from "./common-options.js";
import { type ArgsResult, startArgv } from "./start-argv.js";

export interface NewChangeOptions extends StoreOption {
  name: string;
  /** Free text for the change's README.md; may start with "-". */
  description?: string;
  /** Free text stored as the change's goal metadata. */
  goal?: string;
  schema?: string;
}

/**
 * `openspec new change <name> --json [--description <text>] [--goal <text>]
 * [--schema <name>] [--store <id>]`
 */
export function newChangeArgs(options: NewChangeOptions): ArgsResult {
  return startArgv(["new", "change"])
    .name("name", options.name)
    .flag("--json")
    .textOption("--description", options.description)
    .textOption("--goal", options.goal)
    .nameOption("--schema", options.schema)
    .nameOption("--store", options.store)
    .result();
}
