import type { Tool } from "@modelcontextprotocol/server";
import { type ToolDefinition, toolInputJsonSchema, toolOutputJsonSchema } from "@org/openspec-core";
import { closedWhenEmpty } from "./closed-when-empty.js";
import { leanOutputSchema } from "./lean-output-schema.js";
import { portableJsonSchema } from "./portable-json-schema.js";
import { recordedToolSchemas } from "./recorded-tool-schemas.js";

/**
 * One catalog tool as tools/list shows it: the catalog's description and
 * annotations, its input schema as JSON Schema (what the catalog checks), and
 * its whole result, success or failure, as the output schema (a tool without
 * arguments closed with `additionalProperties: false`); both in the
 * portable spelling, so strict clients read them without a warning, and the
 * output schema lean (no prose, each repeated shape defined once). The
 * title is not repeated inside the annotations. With `outputSchema: false`
 * the output schema is left out (answers keep `structuredContent`, which the
 * protocol allows without one), for clients that put it into the model's context.
 * The catalog's own tools take both schemas from the build's record.
 */
export function listCatalogTool(
  tool: ToolDefinition,
  { outputSchema = true }: { outputSchema?: boolean } = {},
): Tool {
  // The title is sent once, as the tool's own: clients that show a title fall back from
  // `annotations.title` to `title` or the other way round (VS Code reads the annotation first).
  const { title, ...annotations } = tool.annotations;
  const recorded = recordedToolSchemas(tool);
  return {
    name: tool.name,
    title,
    description: tool.description,
    inputSchema: (recorded?.inputSchema as Tool["inputSchema"] | undefined) ?? {
      ...closedWhenEmpty(portableJsonSchema(toolInputJsonSchema(tool))),
      type: "object",
    },
    ...(outputSchema
      ? {
          outputSchema: (recorded?.outputSchema as Tool["outputSchema"]) ?? {
            ...leanOutputSchema(portableJsonSchema(toolOutputJsonSchema(tool))),
            type: "object" as const,
          },
        }
      : {}),
    annotations,
  };
}
