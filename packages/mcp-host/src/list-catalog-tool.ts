import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { type ToolDefinition, toolInputJsonSchema, toolOutputJsonSchema } from "@org/openspec-core";
import { portableJsonSchema } from "./portable-json-schema.js";

/**
 * One catalog tool as tools/list shows it: the catalog's description and
 * annotations, its input schema as JSON Schema (what the catalog checks), and
 * its whole result, success or failure, as the output schema; both in the
 * portable spelling, so strict clients read them without a warning.
 */
export function listCatalogTool(tool: ToolDefinition): Tool {
  return {
    name: tool.name,
    title: tool.annotations.title,
    description: tool.description,
    inputSchema: { ...portableJsonSchema(toolInputJsonSchema(tool)), type: "object" },
    outputSchema: { ...portableJsonSchema(toolOutputJsonSchema(tool)), type: "object" },
    annotations: tool.annotations,
  };
}
