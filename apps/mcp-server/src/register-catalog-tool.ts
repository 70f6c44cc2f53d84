import type { McpServer, RegisteredTool } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type Catalog, type ToolDefinition, toolFailure } from "@org/openspec-core";
import { toCallToolResult } from "./to-call-tool-result.js";
import { toolResultSchema } from "./tool-result-schema.js";

/** Registers one catalog tool as it is: its description, input schema and annotations. */
export function registerCatalogTool(
  mcp: McpServer,
  catalog: Catalog,
  tool: ToolDefinition,
  log: (message: string) => void,
): RegisteredTool {
  return mcp.registerTool(
    tool.name,
    {
      title: tool.annotations.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: toolResultSchema,
      annotations: tool.annotations,
    },
    (args) => answerCall(catalog, tool.name, args, log),
  );
}

async function answerCall(
  catalog: Catalog,
  name: string,
  args: unknown,
  log: (message: string) => void,
): Promise<CallToolResult> {
  try {
    return toCallToolResult(await catalog.call(name, args));
  } catch (error) {
    // The catalog promises never to throw; if it does, that is a bug, and the
    // client still gets a result rather than a dead server.
    log(
      `${name} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return toCallToolResult(
      toolFailure(
        "internal_error",
        `${name} failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`,
        "Report this as a bug in openspec-agent, with the input that caused it.",
      ),
    );
  }
}
