import type { Catalog } from "@org/openspec-core";

/**
 * Puts the names of the tools the catalog offers now into `offered`. Returns
 * whether that changed; the caller tells the clients once, however many
 * tools came or went.
 */
export async function syncToolAvailability(
  catalog: Catalog,
  offered: Set<string>,
): Promise<boolean> {
  const now = new Set((await catalog.available()).map((tool) => tool.name));
  const changed = now.size !== offered.size || [...now].some((name) => !offered.has(name));
  if (!changed) return false;
  offered.clear();
  for (const name of now) offered.add(name);
  return true;
}
