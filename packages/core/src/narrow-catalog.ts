import type { Catalog } from "./catalog-of.js";
import type { ToolDefinition } from "./tool-definition.js";
import type { ToolFailure } from "./tool-result.js";
import { unknownTool } from "./unknown-tool.js";

/**
 * The catalog as a host offers it to one client: only the tools `keep`
 * accepts are listed, and a call to another catalog tool is answered with
 * `refuse(name)` without reaching it; a name the catalog does not have gets
 * `unknown_tool` naming the tools the view offers, not the whole catalog's.
 * `keep` is asked on every use, so a host can widen the view while it
 * serves. Closing the view leaves the shared catalog open. Read-only tokens, `--read-only` and toolsets are all
 * such views, and they compose.
 */
export function narrowCatalog(
  catalog: Catalog,
  keep: (tool: ToolDefinition) => boolean,
  refuse: (name: string) => ToolFailure,
): Catalog {
  return {
    ...catalog,
    get tools() {
      return catalog.tools.filter(keep);
    },
    available: async () => (await catalog.available()).filter(keep),
    availability: async () => (await catalog.availability()).filter(({ tool }) => keep(tool)),
    call: (name, args, call) => {
      const tool = catalog.tools.find((candidate) => candidate.name === name);
      if (tool === undefined) {
        const offered = catalog.tools.filter(keep).map((candidate) => candidate.name);
        return Promise.resolve(unknownTool(name, offered));
      }
      if (keep(tool)) return catalog.call(name, args, call);
      return Promise.resolve(refuse(name));
    },
    close: () => {},
  };
}
