import type { StoreOption } from "./common-options.js";
import { type ArgsResult, startArgv } from "./start-argv.js";

/** `openspec doctor --json [--store <id>]` */
export function doctorArgs(options: StoreOption = {}): ArgsResult {
  return startArgv(["doctor", "--json"]).nameOption("--store", options.store).result();
}
