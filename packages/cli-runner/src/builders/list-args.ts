import type { StoreOption } from "./common-options.js";
import { type ArgsResult, findChoiceProblem, startArgv } from "./start-argv.js";

export interface ListOptions extends StoreOption {
  /** Defaults to `changes`. */
  kind?: "changes" | "specs";
  sort?: "recent" | "name";
}

/** `openspec list --changes|--specs --json [--sort recent|name] [--store <id>]` */
export function listArgs(options: ListOptions = {}): ArgsResult {
  return startArgv(["list"])
    .refuse(findChoiceProblem("kind", options.kind, ["changes", "specs"]))
    .flag(options.kind === "specs" ? "--specs" : "--changes")
    .flag("--json")
    .choiceOption("--sort", options.sort, ["recent", "name"])
    .nameOption("--store", options.store)
    .result();
}
