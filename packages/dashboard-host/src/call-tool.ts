import type { Catalog, ToolResults } from "@org/openspec-core";

export type ToolName = keyof ToolResults;

/**
 * One catalog call, typed by the tool's result. The catalog checks the input
 * with the tool's schema and every result matches the tool's output schema, so
 * the answer is narrowed by its name only.
 */
export async function callTool<Name extends ToolName>(
  catalog: Catalog,
  name: Name,
  args: Record<string, unknown>,
): Promise<ToolResults[Name]> {
  return (await catalog.call(name, args)) as ToolResults[Name];
}
