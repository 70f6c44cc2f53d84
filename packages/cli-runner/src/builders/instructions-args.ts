import type { StoreOption } from "./common-options.js";
import { type ArgsResult, startArgv } from "./start-argv.js";

export interface InstructionsOptions extends StoreOption {
  /** An artifact id of the schema (`proposal`, `specs`, ...) or `apply`. */
  artifact?: string;
  change?: string;
  schema?: string;
}

/** `openspec instructions [<artifact>] --json [--change <id>] [--schema <name>] [--store <id>]` */
export function instructionsArgs(options: InstructionsOptions = {}): ArgsResult {
  return startArgv(["instructions"])
    .optionalName("artifact", options.artifact)
    .flag("--json")
    .nameOption("--change", options.change)
    .nameOption("--schema", options.schema)
    .nameOption("--store", options.store)
    .result();
}
