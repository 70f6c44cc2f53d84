import { type Catalog, type ToolDefinition, toolFailure } from "@org/openspec-core";

const isReadOnly = (tool: ToolDefinition): boolean => tool.annotations.readOnlyHint;

/**
 * The shared catalog as a read-only token sees it: only tools whose
 * annotations say `readOnlyHint` are listed, and a call to any other is
 * answered with a `tool_unavailable` result without reaching the tool. Closing
 * the view leaves the shared catalog open.
 */
export function readOnlyCatalog(catalog: Catalog): Catalog {
  const allowed = new Set(catalog.tools.filter(isReadOnly).map((tool) => tool.name));
  return {
    ...catalog,
    tools: catalog.tools.filter(isReadOnly),
    available: async () => (await catalog.available()).filter(isReadOnly),
    availability: async () => (await catalog.availability()).filter(({ tool }) => isReadOnly(tool)),
    // The call's signal and progress listener go through too: a cancelled read stops its CLI run.
    call: (name, args, call) => {
      if (allowed.has(name) || !catalog.tools.some((tool) => tool.name === name)) {
        return catalog.call(name, args, call);
      }
      return Promise.resolve(
        toolFailure(
          "tool_unavailable",
          `${name} changes files or the registry, and this server was reached with a read-only token.`,
          "Use a token made without --read-only (openspec-agent tokens create).",
        ),
      );
    },
    close: () => {},
  };
}
