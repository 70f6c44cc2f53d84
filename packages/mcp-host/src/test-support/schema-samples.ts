// Two schemas accept the same values only if they agree on values near every
// edge of either. A fixed list of answers misses the edges of a tool added
// later, so this derives them from the schema itself: a value for each branch,
// with every property and with only the required ones, then each of those
// with one spot broken (a key left out or added, a value of another type).
// JSON Schema samplers make valid values only; the broken ones are the point.

type Schema = Record<string, unknown>;

/** Stand-ins for "a value of another type", tried at every spot of every valid value. */
const OTHER_VALUES: unknown[] = [null, "s", 1.5, 2, true, {}, [], ["s"]];

/** Values on both sides of `schema`'s edges: valid ones from each branch, and each of them with one spot broken. */
export function schemaSamples(schema: Schema): unknown[] {
  const valid = examples(schema, schema, 0);
  const samples = new Map<string, unknown>();
  for (const value of valid) {
    for (const sample of [value, ...brokenAtOneSpot(value)]) {
      samples.set(JSON.stringify(sample), sample);
    }
  }
  return [...samples.values()];
}

/** Values `node` probably accepts (the verdicts are ajv's; a miss costs coverage, not correctness). */
function examples(node: unknown, root: Schema, depth: number): unknown[] {
  if (!isSchema(node) || depth > 12) return [null];
  if (typeof node.$ref === "string") {
    const name = node.$ref.replace("#/$defs/", "");
    return examples((root.$defs as Schema | undefined)?.[name], root, depth + 1);
  }
  if ("const" in node) return [node.const];
  if (Array.isArray(node.enum)) return node.enum;
  const branches = [node.anyOf, node.oneOf].find(Array.isArray);
  if (branches !== undefined) {
    const { anyOf: _anyOf, oneOf: _oneOf, ...rest } = node;
    return branches.flatMap((branch) => examples(merged(rest, branch), root, depth + 1));
  }
  if (Array.isArray(node.allOf)) {
    const { allOf, ...rest } = node;
    return examples(allOf.reduce(merged, rest), root, depth + 1);
  }
  if (Array.isArray(node.type)) {
    return node.type.flatMap((type) => examples({ ...node, type }, root, depth + 1));
  }
  switch (node.type) {
    case "string":
      return ["s"];
    case "integer":
      return [2];
    case "number":
      return [1.5];
    case "boolean":
      return [true, false];
    case "null":
      return [null];
    case "array":
      return [[], ...examples(node.items, root, depth + 1).map((item) => [item])];
    default:
      return objectExamples(node, root, depth);
  }
}

/** An object with every property, and one with only the required properties. */
function objectExamples(node: Schema, root: Schema, depth: number): unknown[] {
  const properties = Object.entries(isSchema(node.properties) ? node.properties : {});
  const required = new Set(Array.isArray(node.required) ? node.required : []);
  const full: Schema = {};
  const minimal: Schema = {};
  const variants: Schema[] = [];
  for (const [name, property] of properties) {
    const [first, ...others] = examples(property, root, depth + 1);
    full[name] = first;
    if (required.has(name)) minimal[name] = first;
    for (const other of others.slice(0, 3)) variants.push({ [name]: other });
  }
  return [full, minimal, ...variants.map((variant) => ({ ...full, ...variant }))];
}

/** `base` and `branch` as one schema: the branch's keywords win, properties and required names add up. */
function merged(base: Schema, branch: unknown): Schema {
  if (!isSchema(branch)) return base;
  return {
    ...base,
    ...branch,
    properties: { ...(base.properties as Schema), ...(branch.properties as Schema) },
    required: [...listOf(base.required), ...listOf(branch.required)],
  };
}

/** `value` broken at one spot each time: at every depth, a key left out, a key added, or the value swapped for one of another type. */
function brokenAtOneSpot(value: unknown): unknown[] {
  const swapped = OTHER_VALUES.filter((other) => JSON.stringify(other) !== JSON.stringify(value));
  if (Array.isArray(value)) {
    return [
      ...swapped,
      ...value.flatMap((item, index) =>
        brokenAtOneSpot(item).map((broken) =>
          value.map((old, at) => (at === index ? broken : old)),
        ),
      ),
    ];
  }
  if (!isSchema(value)) return swapped;
  const keys = Object.keys(value);
  return [
    ...swapped,
    { ...value, unexpected: "s" },
    ...keys.map((key) =>
      Object.fromEntries(Object.entries(value).filter(([name]) => name !== key)),
    ),
    ...keys.flatMap((key) =>
      brokenAtOneSpot(value[key]).map((broken) => ({ ...value, [key]: broken })),
    ),
  ];
}

function listOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function isSchema(value: unknown): value is Schema {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
