import { type Catalog, narrowCatalog, toolFailure } from "@org/openspec-core";

/**
 * The shared catalog as a read-only token (or `--read-only`) sees it: only
 * tools whose annotations say `readOnlyHint`, and tools that serve read-only
 * hosts (`servesReadOnly`, the CLI passthrough), are listed; the latter are
 * called with `readOnly: true`, so they refuse whatever writes. A call to any
 * other tool is answered with a `tool_unavailable` result without reaching
 * the tool. Closing the view leaves the shared catalog open.
 */
export function readOnlyCatalog(
  catalog: Catalog,
  fix = "Use a token made without --read-only (openspec-agent tokens create).",
): Catalog {
  const view = narrowCatalog(
    catalog,
    (tool) => tool.annotations.readOnlyHint || tool.servesReadOnly === true,
    (name) =>
      toolFailure(
        "tool_unavailable",
        `${name} changes files or the registry, and this server offers only tools that read.`,
        fix,
      ),
  );
  const callView = view.call;
  // Only the tools that serve read-only hosts read `readOnly`; the others keep a call
  // without context as it came, which the token view takes for the server's own
  // listing of sources (with their real folders, which resource watching needs).
  view.call = (name, args, call) =>
    call === undefined && !servesReadOnly(catalog, name)
      ? callView(name, args)
      : callView(name, args, { ...call, readOnly: true });
  return view;
}

function servesReadOnly(catalog: Catalog, name: string): boolean {
  return catalog.tools.some((tool) => tool.name === name && tool.servesReadOnly === true);
}
