import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import type { Catalog } from "@org/openspec-core";

/**
 * Puts the names of the tools the catalog offers now into `offered`. Returns
 * whether that changed; when it did and a client is connected, the client is
 * told once, however many tools came or went.
 */
export async function syncToolAvailability(
  catalog: Catalog,
  offered: Set<string>,
  mcp: Server,
): Promise<boolean> {
  const now = new Set((await catalog.available()).map((tool) => tool.name));
  const changed = now.size !== offered.size || [...now].some((name) => !offered.has(name));
  if (!changed) return false;
  offered.clear();
  for (const name of now) offered.add(name);
  if (mcp.transport !== undefined) await mcp.sendToolListChanged();
  return true;
}
