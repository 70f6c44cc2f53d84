import type { StoreOption } from "./common-options.js";
import { type ArgsResult, startArgv } from "./start-argv.js";

/** `openspec context --json [--store <id>]` */
export function contextArgs(options: StoreOption = {}): ArgsResult {
  return startArgv(["context", "--json"]).nameOption("--store", options.store).result();
}
