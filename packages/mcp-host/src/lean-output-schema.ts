// A tool's output schema is for the client that checks `structuredContent`
// against it, not for the model (Claude Code and opencode drop it before the
// model sees the tools; see the README's "Output schemas"), yet every byte of
// it travels in each `tools/list`. This keeps it exact and makes it small:
// field descriptions stay in the generated reference docs, what a branch
// restates from the schema that holds it is said once, and a shape used more
// than once is written once under `$defs` and referenced. JSON Schema
// libraries inline references, but none drops descriptions or restated
// keywords, so the steps are written here over the keywords
// `portableJsonSchema` knows.

import { ANY_JSON_VALUE, isSchema, type Schema } from "./portable-json-schema.js";

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

/** Combinators whose branches must each hold beside the schema that holds them. */
const COMBINATORS = ["allOf", "anyOf", "oneOf"] as const;

/**
 * The same schema, accepting exactly the same values: without `description`
 * and `title` keywords, without keywords that what holds them already
 * implies, and with every subschema that appears more than once, where
 * writing it once saves characters, moved to `$defs` under a name taken from
 * the field that holds it (or from its shape, `string_or_null`), referenced
 * as `#/$defs/<name>`. The definitions
 * reference only definitions, never themselves, so there are no cycles for
 * a client's resolver to trip on.
 */
export function leanOutputSchema(schema: Schema): Schema {
  const root = withoutImplied(withoutProse(schema), undefined, new Set()) as Schema;
  const defs: Schema = {};
  for (;;) {
    const repeated = mostSavingRepeated(root, defs);
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
 * `node` without what the schema around it already says. A branch of
 * `anyOf`, `oneOf` or `allOf` holds together with the schema that holds it,
 * so it needs neither the `type` nor the `required` names that schema has
 * (a result's `type: "object"` and `required: ["ok"]`, restated by its
 * success and failure branches). A property that every branch pins to a
 * `const` of the property's only type (`ok: { type: "boolean" }` beside
 * branches with `ok: true` and `ok: false`) is left to the branches.
 */
function withoutImplied(node: unknown, impliedType: unknown, impliedRequired: Set<string>) {
  if (!isSchema(node)) return node;
  const out: Schema = { ...node };
  // A branch left with no keyword would read as "anything" to a strict client; it keeps its type.
  if (typeof out.type === "string" && out.type === impliedType && Object.keys(out).length > 1) {
    delete out.type;
  }
  if (Array.isArray(out.required)) {
    const required = out.required.filter((name) => !impliedRequired.has(name));
    if (required.length === 0) delete out.required;
    else out.required = required;
  }
  const type = typeof node.type === "string" ? node.type : impliedType;
  const required = new Set([
    ...impliedRequired,
    ...(Array.isArray(node.required) ? node.required : []),
  ]);
  dropPinnedProperties(out);
  const inner = mapChildren(out, (child) => withoutImplied(child, undefined, new Set())) as Schema;
  for (const key of COMBINATORS) {
    const list = out[key];
    if (Array.isArray(list))
      inner[key] = list.map((child) => withoutImplied(child, type, required));
  }
  return inner;
}

/** Leaves out of `node.properties` each property that every branch of its `anyOf` or `oneOf` pins to one value of that property's type. */
function dropPinnedProperties(node: Schema) {
  const properties = node.properties;
  const keysElsewhere = ["additionalProperties", "patternProperties", "unevaluatedProperties"];
  if (!isSchema(properties) || keysElsewhere.some((key) => key in node)) return;
  const branches = [node.anyOf, node.oneOf].find(Array.isArray);
  if (branches === undefined) return;
  const kept = Object.entries(properties).filter(([name, property]) => {
    if (!isSchema(property) || Object.keys(property).join() !== "type") return true;
    return !branches.every((branch) => pins(branch, name, property.type));
  });
  if (kept.length === 0) delete node.properties;
  else node.properties = Object.fromEntries(kept);
}

/** Whether every value `branch` accepts that has property `name` has there a `const` of type `type`. */
function pins(branch: unknown, name: string, type: unknown): boolean {
  if (!isSchema(branch)) return false;
  const property = isSchema(branch.properties) ? branch.properties[name] : undefined;
  if (isSchema(property) && "const" in property && typeHolds(type, property.const)) return true;
  const nested = [branch.anyOf, branch.oneOf].find(Array.isArray);
  return nested?.every((child) => pins(child, name, type)) ?? false;
}

/**
 * `node` without prose and without keywords that restate what holds anyway:
 * `type` beside a `const` of that type, `propertyNames: { type: "string" }`
 * (every JSON key is one), `additionalProperties: true` (the default) and
 * `items` that accept any value.
 */
function withoutProse(node: unknown): unknown {
  if (!isSchema(node)) return node;
  const { description: _description, title: _title, ...rest } = node;
  if ("const" in rest && typeHolds(rest.type, rest.const)) delete rest.type;
  if (isSchema(rest.propertyNames) && JSON.stringify(rest.propertyNames) === '{"type":"string"}') {
    delete rest.propertyNames;
  }
  if (rest.additionalProperties === true) delete rest.additionalProperties;
  if (acceptsAnyValue(rest.items)) delete rest.items;
  return mapChildren(rest, withoutProse);
}

/** Whether `node` is the portable spelling of "any JSON value". */
function acceptsAnyValue(node: unknown): boolean {
  return JSON.stringify(node) === JSON.stringify(ANY_JSON_VALUE);
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

/**
 * The repeated subschema (the root and definitions themselves aside) whose
 * move to `$defs` saves the most characters: each use shrinks to a
 * reference, and the definition is written once.
 */
function mostSavingRepeated(root: Schema, defs: Schema): Repeated | undefined {
  const seen = new Map<string, { node: Schema; name: string; count: number }>();
  const visit = (node: unknown, name: string): void => {
    if (!isSchema(node)) return;
    const json = JSON.stringify(node);
    // A reference is already as short as a shape gets.
    if (Object.keys(node).join() === "$ref") return;
    const entry = seen.get(json);
    if (entry === undefined) seen.set(json, { node, name: shapeName(node) ?? name, count: 1 });
    else entry.count += 1;
    walkNamed(node, visit, name);
  };
  walkNamed(root, visit, "shape");
  for (const [defName, def] of Object.entries(defs)) {
    if (isSchema(def)) walkNamed(def, visit, defName);
  }
  let best: (Repeated & { saved: number }) | undefined;
  for (const [json, entry] of seen) {
    const name = uniqueName(entry.name, defs);
    const reference = `{"$ref":"#/$defs/${name}"}`.length;
    const definition = `"${name}":${json},`.length + (Object.keys(defs).length === 0 ? 10 : 0);
    const saved = entry.count * (json.length - reference) - definition;
    if (saved > 0 && (best === undefined || saved > best.saved)) {
      best = { node: entry.node, json, name: entry.name, saved };
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

/**
 * A name for a shape that fields of any meaning share: `string_or_null` for a
 * bare choice of types, `string_list` for a list of one bare type.
 */
function shapeName(node: Schema): string | undefined {
  const bareType = (schema: unknown) =>
    isSchema(schema) && Object.keys(schema).join() === "type" && typeof schema.type === "string"
      ? schema.type
      : undefined;
  const keys = Object.keys(node).join();
  if (keys === "anyOf" && Array.isArray(node.anyOf)) {
    const types = node.anyOf.map(bareType);
    if (types.every((type) => type !== undefined)) return types.join("_or_");
  }
  const item = keys === "type,items" && node.type === "array" ? bareType(node.items) : undefined;
  return item === undefined ? undefined : `${item}_list`;
}

function uniqueName(base: string, defs: Schema): string {
  let name = base;
  for (let n = 2; name in defs; n += 1) name = `${base}_${n}`;
  return name;
}
