import { table } from "./markdown-cells.mjs";

/** The success alternatives of a tool's published result schema (those with `ok: true`). */
export function successShapes(resultSchema) {
  const shapes = [];
  const visit = (node) => {
    if (Array.isArray(node.anyOf)) for (const alternative of node.anyOf) visit(alternative);
    else if (node.properties?.ok?.const === true) shapes.push(node);
  };
  visit({ anyOf: resultSchema.anyOf ?? [resultSchema] });
  return shapes;
}

function typesOf(node) {
  return Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
}

/** A JSON Schema node as a short type: `string | null`, `object[]`, `"spec" | "delta"`, `true`. */
export function typeOf(node) {
  if (Array.isArray(node.anyOf)) return node.anyOf.map(typeOf).join(" | ");
  if ("const" in node) return JSON.stringify(node.const);
  if (Array.isArray(node.enum)) return node.enum.map((value) => JSON.stringify(value)).join(" | ");
  const types = typesOf(node);
  if (types.length === 0) return "unknown";
  return types
    .map((type) => {
      if (type !== "array") return type;
      const item = node.items ? typeOf(node.items) : "unknown";
      return item.includes(" | ") ? `(${item})[]` : `${item}[]`;
    })
    .join(" | ");
}

/** The objects with named fields inside a node, and the path step that reaches each. */
function objectsIn(node) {
  if (Array.isArray(node.anyOf)) return node.anyOf.flatMap(objectsIn);
  const types = typesOf(node);
  if (types.includes("object") && node.properties) return [{ node, step: "" }];
  if (types.includes("array") && node.items) {
    return objectsIn(node.items).map(({ node: item, step }) => ({ node: item, step: `[]${step}` }));
  }
  return [];
}

function describe(node) {
  if (node.description) return node.description;
  if (node.items?.description) return node.items.description;
  return "";
}

/** Every field of an object schema, nested fields as `parent.child` and `list[].child`; `?` marks an optional field. */
export function fieldRows(objectNode, prefix = "") {
  const required = new Set(objectNode.required ?? []);
  const rows = [];
  for (const [key, child] of Object.entries(objectNode.properties ?? {})) {
    if (prefix === "" && key === "ok") continue;
    const path = `${prefix}${key}`;
    const shown = required.has(key) ? path : `${path}?`;
    rows.push([`\`${shown}\``, `\`${typeOf(child)}\``, describe(child)]);
    for (const { node, step } of objectsIn(child)) rows.push(...fieldRows(node, `${path}${step}.`));
  }
  return rows;
}

/** The top-level fields only some of a tool's success shapes have, to tell the shapes apart. */
function distinctKeys(shape, shapes) {
  return Object.keys(shape.properties).filter(
    (key) => !shapes.every((other) => key in (other.properties ?? {})),
  );
}

/**
 * One block per tool: its notes, then its success fields as a table (several tables when a
 * tool answers in several shapes), from the JSON Schema the catalog publishes.
 */
export function renderResultFields(toolCatalog, toolOutputJsonSchema) {
  const blocks = [];
  for (const tool of toolCatalog) {
    const shapes = successShapes(toolOutputJsonSchema(tool));
    blocks.push(`### \`${tool.name}\``);
    // The notes: what the short description leaves to the reference (fields, edge cases, refusals).
    if (tool.notes) blocks.push(tool.notes);
    if (shapes.length === 1) {
      blocks.push(table(["field", "type", "description"], fieldRows(shapes[0])));
      continue;
    }
    blocks.push(`One of ${shapes.length} shapes:`);
    for (const shape of shapes) {
      const keys = distinctKeys(shape, shapes).slice(0, 2);
      const label =
        keys.length > 0 ? `With ${keys.map((key) => `\`${key}\``).join(" and ")}` : "Otherwise";
      blocks.push(`${label}:`, table(["field", "type", "description"], fieldRows(shape)));
    }
  }
  return blocks.join("\n\n");
}
