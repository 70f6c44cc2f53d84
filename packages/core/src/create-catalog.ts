import type { CatalogOptions } from "./catalog-context.js";
import { type Catalog, catalogOf } from "./catalog-of.js";
import { toolCatalog } from "./tool-catalog.js";
import type { ToolDefinition } from "./tool-definition.js";

export type { Catalog, ToolAvailability } from "./catalog-of.js";

/**
 * The tool catalog, bound to a registry, an OpenSpec binary and settings.
 * `tools` replaces the built-in tools, for hosts tested with tools of their own.
 */
export function createCatalog(
  options: CatalogOptions & { tools?: readonly ToolDefinition[] } = {},
): Catalog {
  const { tools = toolCatalog, ...settings } = options;
  return catalogOf(tools, settings);
}
