import { selectToolsets, type ToolFailure, toolCatalog } from "@org/openspec-core";

/**
 * The toolset names a setting asks for (`--toolsets`, `OPENSPEC_AGENT_TOOLSETS`,
 * the `X-OpenSpec-Toolsets` header), checked against the catalog: an unknown
 * name is a failure whose fix lists the valid ones, so the server refuses to
 * start (or the session to open) instead of serving fewer tools than asked.
 */
export function chooseToolsets(
  setting: string | undefined,
): { ok: true; toolsets: string[] } | ToolFailure {
  const selection = selectToolsets(setting, toolCatalog);
  if (!selection.ok) return selection;
  return { ok: true, toolsets: selection.toolsets.map((toolset) => toolset.name) };
}
