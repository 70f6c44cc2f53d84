import { type Catalog, narrowCatalog, toolFailure } from "@org/openspec-core";

/**
 * The shared catalog as a read-only token (or `--read-only`) sees it: only
 * tools whose annotations say `readOnlyHint` are listed, and a call to any
 * other is answered with a `tool_unavailable` result without reaching the
 * tool. Closing the view leaves the shared catalog open.
 */
export function readOnlyCatalog(
  catalog: Catalog,
  fix = "Use a token made without --read-only (openspec-agent tokens create).",
): Catalog {
  return narrowCatalog(
    catalog,
    (tool) => tool.annotations.readOnlyHint,
    (name) =>
      toolFailure(
        "tool_unavailable",
        `${name} changes files or the registry, and this server offers only tools that read.`,
        fix,
      ),
  );
}
