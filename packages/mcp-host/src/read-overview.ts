import type { Catalog, ContextSuccess } from "@org/openspec-core";

/** A source's overview as `openspec_context` lists it: its changes, archived changes, specs and ideas. */
export type Overview = Extract<ContextSuccess, { changes: unknown }>;

/**
 * The overview a completion reads its candidates from, or undefined when the
 * source cannot be read. `openspec_context`, not `openspec_list`: it reads
 * files only, so a completion asked for on every keystroke never waits for the CLI.
 */
export async function readOverview(
  catalog: Catalog,
  source: string,
  typed: string,
): Promise<Overview | undefined> {
  // The query narrows a large repository before the page limit cuts it; the prefix is checked later.
  const result = await catalog.call("openspec_context", {
    identifier: source,
    limit: 1000,
    ...(typed === "" ? {} : { query: typed }),
  });
  return result.ok && "changes" in result ? (result as Overview) : undefined;
}
