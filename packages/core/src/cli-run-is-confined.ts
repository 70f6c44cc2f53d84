import type { CatalogContext } from "./catalog-context.js";

/**
 * Whether this catalog's OpenSpec CLI runs are confined to their source by
 * the platform (a sandbox that shows the CLI nothing outside it). Until a
 * run can be confined, none is: every run gets the portable refusals of
 * `findCliEscape`, on every platform. The answer will come from the runner's
 * confinement once it reports one.
 */
export function cliRunIsConfined(_context: Pick<CatalogContext, "env">): boolean {
  return false;
}
