import { z } from "zod";
import type { ToolDefinition } from "./tool-definition.js";
import { withoutSafeIntegerBounds } from "./without-safe-integer-bounds.js";

/**
 * The shape every failure has. Failures may carry more (`issues`,
 * `candidates`, the CLI's `stdout`), so other fields are let through.
 */
export const toolFailureSchema = z
  .looseObject({
    ok: z.literal(false),
    code: z.string().describe("A stable snake_case code to branch on."),
    error: z.string().describe("One sentence that says what went wrong."),
    fix: z.string().optional().describe("One sentence or command that says what to do."),
  })
  .describe("A failure: the call did nothing, or did not finish.");

/** Everything a tool can answer: its success shape or the failure shape. */
export function toolResultSchema(tool: ToolDefinition): z.ZodType {
  return z.union([tool.outputSchema, toolFailureSchema]);
}

/**
 * A tool's result as JSON Schema, for hosts that publish it (the MCP
 * `outputSchema`). The root is an object with `ok`, as MCP requires, and the
 * success and failure shapes are its alternatives.
 */
export function toolOutputJsonSchema(tool: ToolDefinition): Record<string, unknown> {
  const { $schema: _dialect, ...alternatives } = z.toJSONSchema(
    z.union([tool.outputSchema, toolFailureSchema]),
    { io: "output", unrepresentable: "any", override: withoutSafeIntegerBounds },
  );
  return {
    type: "object",
    properties: { ok: { type: "boolean" } },
    required: ["ok"],
    ...alternatives,
  };
}
