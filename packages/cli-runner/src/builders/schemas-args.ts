import type { StoreOption } from "./common-options.js";
import { type ArgsResult, startArgv } from "./start-argv.js";

/** `openspec schemas --json [--store <id>]` */
export function schemasArgs(options: StoreOption = {}): ArgsResult {
  return startArgv(["schemas", "--json"]).nameOption("--store", options.store).result();
}
