import { type ToolFailure, toolFailure } from "./tool-result.js";

/**
 * The answer to a call of a name that is no tool: `unknown_tool`, with the
 * names the caller can call instead. A view of the catalog (toolsets, a
 * read-only token) passes the names it offers, so the fix never points a
 * model at a tool it would only be refused.
 */
export function unknownTool(name: unknown, names: readonly string[]): ToolFailure {
  return toolFailure(
    "unknown_tool",
    `There is no tool named "${String(name)}".`,
    `Use one of: ${names.join(", ")}.`,
  );
}
