import type { McpServer, RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Catalog } from "@org/openspec-core";

/**
 * Enables the tools the catalog offers now and disables the rest. Returns
 * whether the list changed; when it did, the client is told once.
 */
export async function syncToolAvailability(
  catalog: Catalog,
  registered: ReadonlyMap<string, RegisteredTool>,
  mcp: McpServer,
): Promise<boolean> {
  const offered = new Set((await catalog.available()).map((tool) => tool.name));
  let changed = false;
  for (const [name, tool] of registered) {
    const enabled = offered.has(name);
    if (tool.enabled === enabled) continue;
    // Set directly rather than through enable()/disable(): each of those
    // sends its own list_changed, and one flip of the CLI touches five tools.
    tool.enabled = enabled;
    changed = true;
  }
  if (changed) mcp.sendToolListChanged();
  return changed;
}
