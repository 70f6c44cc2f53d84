import type { Catalog, ToolResults } from "@org/openspec-core";

export type ToolName = keyof ToolResults;

/**
 * How the dashboard's pages word a fix: the page's own button where it has
 * one (the validate page's Run again), else the shell command a person
 * types; never a tool name, which no one at the browser can call.
 */
export const PAGE_WORDING = {
  kind: "page",
  program: "openspec-agent",
  actions: { openspec_validate: "the Run again button" },
} as const;

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
  return (await catalog.call(name, args, { fixWording: PAGE_WORDING })) as ToolResults[Name];
}
