import { coreVersion, type ToolDefinition, toolCatalog } from "@org/openspec-core";
import { type ToolSchemasRecord, toolSchemasRecord } from "./tool-schemas-record.js";

let record: ToolSchemasRecord | undefined;

/**
 * A catalog tool's `inputSchema` and `outputSchema` as the build recorded
 * them, or `undefined` when it must build them: for a tool that is not the
 * catalog's own (a host's, a test's), under another core version than the
 * one recorded, or without a record. Building them is zod's `toJSONSchema`
 * and the lean and portable rewrites of every tool, most of what a server
 * spent before its first `tools/list` answer; they depend only on the
 * catalog, so the build does it once.
 */
export function recordedToolSchemas(
  tool: ToolDefinition,
): ToolSchemasRecord["tools"][string] | undefined {
  if (toolSchemasRecord === undefined || !toolCatalog.includes(tool)) return undefined;
  record ??= JSON.parse(toolSchemasRecord) as ToolSchemasRecord;
  return record.coreVersion === coreVersion ? record.tools[tool.name] : undefined;
}
