import type { CallToolResult } from "@modelcontextprotocol/server";
import type { ToolResult } from "@org/openspec-core";

/**
 * A catalog result as an MCP tool result: the result itself as
 * `structuredContent`, and a text block for clients that only read text.
 * A failure is marked `isError` and its text leads with code, error and fix,
 * so a model that sees only the text still learns what to do next.
 */
export function toCallToolResult(result: ToolResult): CallToolResult {
  const json = JSON.stringify(result);
  if (result.ok) {
    return { content: [{ type: "text", text: json }], structuredContent: result };
  }
  const fix = typeof result.fix === "string" ? `\nFix: ${result.fix}` : "";
  return {
    content: [{ type: "text", text: `${result.code}: ${result.error}${fix}\n${json}` }],
    structuredContent: result,
    isError: true,
  };
}
