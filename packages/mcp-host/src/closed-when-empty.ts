import type { Schema } from "./portable-json-schema.js";

/**
 * A tool's input schema, with `additionalProperties: false` when it lists no
 * field. The published schemas leave `additionalProperties: false` out (every
 * object lists its fields, and a strict client reads such an object as
 * closed), but an object that lists none reads as "any fields": the OpenAI
 * Agents SDK's strict function schemas (`convertSchemasToStrict`) refuse it and
 * fall back with a warning. `{ "type": "object", "additionalProperties": false }`
 * is the MCP specification's own schema for a tool without parameters, and the
 * catalog refuses any field such a tool is given, so the schema says no more
 * than the tool does.
 */
export function closedWhenEmpty(schema: Schema): Schema {
  const { properties } = schema;
  const listsNoField =
    properties === undefined ||
    (typeof properties === "object" && properties !== null && Object.keys(properties).length === 0);
  return listsNoField && !("additionalProperties" in schema)
    ? { ...schema, additionalProperties: false }
    : schema;
}
