// A tool's output schema is for the client that checks `structuredContent`
// against it, not for the model (Claude Code and opencode drop it before the
// model sees the tools; see the README's "Output schemas"), yet every byte of
// it travels in each `tools/list`. This keeps it exact and makes it small:
// field descriptions stay in the generated reference docs, and a shape used
// more than once is written once under `$defs` and referenced. JSON Schema
// libraries inline references, but none also drops descriptions, so the two
// steps are written here over the schema keywords `portableJsonSchema` knows.

type Schema = Record<string, unknown>;

/** Keywords whose value is one schema, a list of schemas, or a map of them. */
const ONE_SCHEMA = [
  "items",
  "contains",
  "not",
  "propertyNames",
  "if",
  "then",
  "else",
  "additionalProperties",
  "unevaluatedProperties",
] as const;
const SCHEMA_LIST = ["allOf", "anyOf", "oneOf", "prefixItems"] as const;
const SCHEMA_MAP = ["properties", "patternProperties", "$defs", "dependentSchemas"] as const;

/** Below this many characters of JSON a reference saves too little to be worth a name. */
const SHARED_MIN_CHARS = 80;

/**
 * The same schema, accepting exactly the same values: without `description`
 * and `title` keywords, and with every subschema that appears more than once
 * (and is at least `SHARED_MIN_CHARS` long) moved to `$defs` under a name
 * taken from the field that holds it, referenced as `#/$defs/<name>`. The
 * definitions reference only definitions, never themselves, so there are no
 * cycles for a client's resolver to trip on.
 */
export function leanOutputSchema(schema: Schema): Schema {
  const root = withoutProse(schema) as Schema;
  const defs: Schema = {};
  for (;;) {
    const repeated = largestRepeated(root, defs);
    if (repeated === undefined) break;
    const name = uniqueName(repeated.name, defs);
    const ref = { $ref: `#/$defs/${name}` };
    const replace = (node: unknown): unknown => mapSubschemas(node, replace, repeated.json, ref);
    for (const key of Object.keys(defs)) defs[key] = mapChildren(defs[key], replace);
    Object.assign(root, mapChildren(root, replace));
    defs[name] = repeated.node;
  }
  return Object.keys(defs).length === 0 ? root : { ...root, $defs: defs };
}

/**
 * `node` without prose and without keywords that restate what holds anyway:
 * `type` beside a `const` of that type, `propertyNames: { type: "string" }`
 * (every JSON key is one) and `additionalProperties: true` (the default).
 */
function withoutProse(node: unknown): unknown {
  if (!isSchema(node)) return node;
  const { description: _description, title: _title, ...rest } = node;
  if ("const" in rest && typeHolds(rest.type, rest.const)) delete rest.type;
  if (isSchema(rest.propertyNames) && JSON.stringify(rest.propertyNames) === '{"type":"string"}') {
    delete rest.propertyNames;
  }
  if (rest.additionalProperties === true) delete rest.additionalProperties;
  return mapChildren(rest, withoutProse);
}

/** Whether every value equal to `value` has JSON Schema type `type`. */
function typeHolds(type: unknown, value: unknown): boolean {
  if (type === "integer") return Number.isInteger(value);
  if (type === "null") return value === null;
  if (type === "array") return Array.isArray(value);
  if (type === "object") return isSchema(value);
  return typeof value === type;
}

/** `node` with `visit` applied to each of its direct subschemas. */
function mapChildren(node: unknown, visit: (child: unknown) => unknown): unknown {
  if (!isSchema(node)) return node;
  const out: Schema = { ...node };
  for (const key of ONE_SCHEMA) if (key in out) out[key] = visit(out[key]);
  for (const key of SCHEMA_LIST) {
    const list = out[key];
    if (Array.isArray(list)) out[key] = list.map(visit);
  }
  for (const key of SCHEMA_MAP) {
    const map = out[key];
    if (isSchema(map)) {
      out[key] = Object.fromEntries(
        Object.entries(map).map(([name, child]) => [name, visit(child)]),
      );
    }
  }
  return out;
}

/** `node`, or `ref` where a subschema's JSON is `json`. */
function mapSubschemas(
  node: unknown,
  visit: (child: unknown) => unknown,
  json: string,
  ref: Schema,
) {
  return JSON.stringify(node) === json ? ref : mapChildren(node, visit);
}

type Repeated = { node: Schema; json: string; name: string };

/** The longest subschema (the root and definitions themselves aside) found at least twice. */
function largestRepeated(root: Schema, defs: Schema): Repeated | undefined {
  const seen = new Map<string, { node: Schema; name: string; count: number }>();
  const visit = (node: unknown, name: string): void => {
    if (!isSchema(node)) return;
    const json = JSON.stringify(node);
    if (json.length >= SHARED_MIN_CHARS) {
      const entry = seen.get(json);
      if (entry === undefined) seen.set(json, { node, name, count: 1 });
      else entry.count += 1;
    }
    walkNamed(node, visit, name);
  };
  walkNamed(root, visit, "shape");
  for (const [defName, def] of Object.entries(defs)) {
    if (isSchema(def)) walkNamed(def, visit, defName);
  }
  let best: Repeated | undefined;
  for (const [json, entry] of seen) {
    if (entry.count < 2) continue;
    if (best === undefined || json.length > best.json.length) {
      best = { node: entry.node, json, name: entry.name };
    }
  }
  return best;
}

/** Visits each direct subschema with a name for it: the property that holds it, `_item` for list items. */
function walkNamed(node: Schema, visit: (child: unknown, name: string) => void, name: string) {
  for (const key of ONE_SCHEMA)
    if (key in node) visit(node[key], key === "items" ? `${name}_item` : name);
  for (const key of SCHEMA_LIST) {
    const list = node[key];
    if (Array.isArray(list)) for (const child of list) visit(child, name);
  }
  for (const key of SCHEMA_MAP) {
    const map = node[key];
    if (key !== "$defs" && isSchema(map)) {
      for (const [property, child] of Object.entries(map)) visit(child, property);
    }
  }
}

function uniqueName(base: string, defs: Schema): string {
  let name = base;
  for (let n = 2; name in defs; n += 1) name = `${base}_${n}`;
  return name;
}

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
