import type { z } from "zod";

/** Deeper than any tool's input goes; below it the input schema refuses what is there. */
const MAX_DEPTH = 8;

/**
 * The arguments without the fields whose value is null where the input schema
 * does not take null, in nested objects and in objects inside arrays too. A
 * model calling tools in strict mode (OpenAI's structured outputs, which
 * several MCP clients switch on) must give every field and gives null for one
 * it would leave out, so such a null means "not given" rather than
 * `invalid_input`. A field that takes null (`name: null` clears a source's
 * vanity name) keeps it, and a null that is an array's element stays, for the
 * schema to refuse. Objects are rebuilt with `Object.fromEntries`, so a
 * `__proto__` key stays an own field and never becomes a prototype; arguments
 * without such a null are returned as they are.
 */
export function dropNullFields(value: unknown, schema: z.ZodType, depth = 0): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== "object") return value;
  const shape = unwrapped(schema);
  if (Array.isArray(value)) {
    if (shape.def.type !== "array") return value;
    const element = (shape as z.ZodArray).element as z.ZodType;
    const items = value.map((item) => dropNullFields(item, element, depth + 1));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (shape.def.type !== "object") return value;
  const fields = (shape as z.ZodObject).shape as Record<string, z.ZodType | undefined>;
  let changed = false;
  const entries: [string, unknown][] = [];
  for (const [key, field] of Object.entries(value)) {
    const fieldSchema = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (fieldSchema === undefined) {
      entries.push([key, field]);
      continue;
    }
    if (field === null && !fieldSchema.safeParse(null).success) {
      changed = true;
      continue;
    }
    const kept = dropNullFields(field, fieldSchema, depth + 1);
    if (kept !== field) changed = true;
    entries.push([key, kept]);
  }
  return changed ? Object.fromEntries(entries) : value;
}

/** The object or array a field's schema checks, through optional, nullable, default and pipe wrappers. */
function unwrapped(schema: z.ZodType): z.ZodType {
  let inner = schema;
  for (let step = 0; step < 8; step++) {
    const def = inner.def as {
      type: string;
      innerType?: z.ZodType;
      in?: z.ZodType;
      out?: z.ZodType;
    };
    if (def.innerType !== undefined) inner = def.innerType;
    else if (def.type === "pipe" && def.out !== undefined && def.in !== undefined) {
      // What the value must finally be (`modified`: loose objects piped into whole requirements).
      const out = unwrapped(def.out);
      inner = out.def.type === "object" || out.def.type === "array" ? out : def.in;
    } else break;
  }
  return inner;
}
