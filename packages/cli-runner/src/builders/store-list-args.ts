import { type ArgsResult, startArgv } from "./start-argv.js";

/** `openspec store list --json`: the stores registered on this machine, `{ stores: [{ id, root }], status }`. */
export function storeListArgs(): ArgsResult {
  return startArgv(["store", "list", "--json"]).result();
}
