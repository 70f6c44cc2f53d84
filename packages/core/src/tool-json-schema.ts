import { z } from "zod";
import type { ToolDefinition } from "./tool-definition.js";
import { withoutGuardBounds } from "./without-guard-bounds.js";

/** A tool's input as a JSON Schema object, for hosts that describe tools in JSON Schema. */
export function toolInputJsonSchema(tool: ToolDefinition): Record<string, unknown> {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.inputSchema, {
    io: "input",
    override: withoutGuardBounds,
  });
  return schema;
}
