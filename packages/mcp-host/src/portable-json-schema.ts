/** Keywords whose value is one schema, a list of schemas, or a map of them. */
const ONE_SCHEMA = ["items", "contains", "not", "propertyNames", "if", "then", "else"] as const;
const SCHEMA_LIST = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;
const SCHEMA_MAP = ["properties", "patternProperties", "$defs", "definitions"] as const;
/** Where a bare `true` is the usual spelling of "anything else goes". */
const OPEN_KEYWORDS = ["additionalProperties", "unevaluatedProperties"] as const;

/** Keywords that narrow what a schema accepts; a schema without any of them accepts every value. */
const CONSTRAINING = new Set([
  "type",
  "enum",
  "const",
  "multipleOf",
  "maximum",
  "exclusiveMaximum",
  "minimum",
  "exclusiveMinimum",
  "maxLength",
  "minLength",
  "pattern",
  "format",
  "maxItems",
  "minItems",
  "uniqueItems",
  "maxContains",
  "minContains",
  "maxProperties",
  "minProperties",
  "required",
  "dependentRequired",
  "allOf",
  "anyOf",
  "oneOf",
  "not",
  "items",
  "prefixItems",
  "contains",
  "properties",
  "patternProperties",
  "additionalProperties",
  "unevaluatedProperties",
  "propertyNames",
  "dependentSchemas",
  "$ref",
]);

/** Any JSON value, spelled as a choice of every type, so a client that needs a type per schema gets one. */
export const ANY_JSON_VALUE = {
  anyOf: ["string", "number", "boolean", "object", "array", "null"].map((type) => ({ type })),
};

export type Schema = Record<string, unknown>;

/**
 * The same JSON Schema in the spelling every MCP client can read: a nullable
 * `type: ["string", "null"]` becomes `anyOf` branches with one type each, a
 * schema that constrains nothing (zod's `{}` for an unknown value) becomes
 * `true` under `additionalProperties` and a choice of every JSON type elsewhere. Each rewrite accepts
 * exactly what the original accepted; zod writes both spellings, and clients
 * that map schemas onto a one-type dialect (Gemini's function declarations,
 * the Inspector's `--strict` check) stumble on them.
 */
export function portableJsonSchema(schema: Schema): Schema {
  return rewrite(schema, undefined) as Schema;
}

function rewrite(node: unknown, keyword: string | undefined): unknown {
  if (!isSchema(node)) return node;
  if (!Object.keys(node).some((key) => CONSTRAINING.has(key))) {
    return keyword !== undefined && isOpenKeyword(keyword) ? true : { ...node, ...ANY_JSON_VALUE };
  }
  const out: Schema = { ...node };
  for (const key of ONE_SCHEMA) if (key in out) out[key] = rewrite(out[key], key);
  for (const key of OPEN_KEYWORDS) if (key in out) out[key] = rewrite(out[key], key);
  for (const key of SCHEMA_LIST) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map((entry) => rewrite(entry, key));
  }
  for (const key of SCHEMA_MAP) {
    const map = out[key];
    if (isSchema(map)) {
      out[key] = Object.fromEntries(
        Object.entries(map).map(([name, entry]) => [name, rewrite(entry, key)]),
      );
    }
  }
  return splitTypeList(out);
}

/** `type: [a, b]` as `anyOf: [{ type: a }, { type: b }]`; the other keywords stay, as they applied to every type. */
function splitTypeList(node: Schema): Schema {
  const { type, ...rest } = node;
  if (!Array.isArray(type)) return node;
  if (type.length === 1) return { ...rest, type: type[0] };
  const branches = { anyOf: type.map((one: unknown) => ({ type: one })) };
  if (!("anyOf" in rest)) return { ...rest, ...branches };
  const { anyOf, ...others } = rest;
  return { ...others, allOf: [...listOf(others.allOf), { anyOf }, branches] };
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isOpenKeyword(keyword: string): boolean {
  return (OPEN_KEYWORDS as readonly string[]).includes(keyword);
}

/** A JSON object, the only shape a subschema takes here (a bare `true` or `false` is not one). */
export function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
