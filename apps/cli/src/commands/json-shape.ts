import type { z } from "zod";
import { WRAPPERS } from "./read-input-fields.js";

/**
 * What a JSON flag takes, in words read off its schema: "a JSON array of
 * strings", or of objects with their keys (`{name, purpose?, added?}`, `?`
 * marking the optional ones), so `--specs` says what to pass without the
 * reference docs.
 */
export function jsonShape(schema: z.ZodType): string {
  const inner = unwrap(schema);
  if (inner.def.type === "array" && "element" in inner.def) {
    const element = unwrap(inner.def.element as z.ZodType);
    if (element.def.type === "object") return `a JSON array of ${objectKeys(element)}`;
    return `a JSON array of ${element.def.type}s`;
  }
  if (inner.def.type === "object") return `a JSON object ${objectKeys(inner)}`;
  return "JSON";
}

function unwrap(schema: z.ZodType): z.ZodType {
  let inner = schema;
  while (WRAPPERS.has(inner.def.type) && "innerType" in inner.def) {
    inner = inner.def.innerType as z.ZodType;
  }
  return inner;
}

function objectKeys(schema: z.ZodType): string {
  const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
  const keys = Object.entries(shape).map(
    ([key, field]) => `${key}${field.safeParse(undefined).success ? "?" : ""}`,
  );
  return `{${keys.join(", ")}}`;
}
