import type { Catalog } from "@org/openspec-core";

/** Store ids as a token holder sees them in place of the store's folder. */
export const STORE_NAME_PREFIX = "store:";

/**
 * The OpenSpec stores registered with the server's CLI, each as
 * `store:<id>` and its folder, through `openspec_store_list`: folders outside
 * every source that `doctor`, `context` and `store list` print, which the
 * token view writes as names as it does sources. None when the CLI cannot
 * list them.
 */
export async function listStoreFolders(
  catalog: Catalog,
): Promise<{ name: string; path: string }[]> {
  const result = await catalog.call("openspec_store_list", {});
  if (!result.ok) return [];
  const stdout = (result as { stdout?: { stores?: unknown } }).stdout;
  if (!Array.isArray(stdout?.stores)) return [];
  return stdout.stores.flatMap((store: unknown) => {
    const { id, root } = (store ?? {}) as { id?: unknown; root?: unknown };
    return typeof id === "string" && typeof root === "string"
      ? [{ name: `${STORE_NAME_PREFIX}${id}`, path: root }]
      : [];
  });
}
