import { ITEM_TYPES, type ItemType, type StoreOption } from "./common-options.js";
import { type ArgsResult, startArgv } from "./start-argv.js";

export interface ShowOptions extends StoreOption {
  /** The change or spec to show. */
  item: string;
  type?: ItemType;
  /** Changes: only the deltas. */
  deltasOnly?: boolean;
  /** Specs: only the requirements, without scenarios. */
  requirements?: boolean;
  /** `false` leaves scenario content out. */
  scenarios?: boolean;
  /** Specs: only the requirement with this 1-based number. */
  requirement?: number;
}

/**
 * `openspec show <item> --json --no-interactive [--type change|spec] [--deltas-only]
 * [--requirements] [--no-scenarios] [--requirement <n>] [--store <id>]`
 */
export function showArgs(options: ShowOptions): ArgsResult {
  const bothRequirementFilters = options.requirements === true && options.requirement !== undefined;
  return startArgv(["show"])
    .name("item", options.item)
    .flag("--json")
    .flag("--no-interactive")
    .choiceOption("--type", options.type, ITEM_TYPES)
    .flag("--deltas-only", options.deltasOnly === true)
    .flag("--requirements", options.requirements === true)
    .flag("--no-scenarios", options.scenarios === false)
    .countOption("--requirement", options.requirement)
    .refuse(
      bothRequirementFilters
        ? "requirements and requirement exclude each other; the CLI refuses both."
        : undefined,
    )
    .nameOption("--store", options.store)
    .result();
}
