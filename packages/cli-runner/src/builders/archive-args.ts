import type { StoreOption } from "./common-options.js";
import { type ArgsResult, startArgv } from "./start-argv.js";

export interface ArchiveOptions extends StoreOption {
  change: string;
  /** Confirms the prompts; without it JSON mode fails with an `archive_*` diagnostic instead of asking. */
  yes?: boolean;
  /** Archive without applying the change's delta specs. */
  skipSpecs?: boolean;
}

/** `openspec archive <change> --json [--yes] [--skip-specs] [--store <id>]` */
export function archiveArgs(options: ArchiveOptions): ArgsResult {
  return startArgv(["archive"])
    .name("change", options.change)
    .flag("--json")
    .flag("--yes", options.yes === true)
    .flag("--skip-specs", options.skipSpecs === true)
    .nameOption("--store", options.store)
    .result();
}
