import type { z } from "zod";

type InputIssue = { path: PropertyKey[]; message: string };

/** A tool input parsed, or the issues that say which fields to correct. */
export type ParsedToolInput =
  | { success: true; data: Record<string, unknown> }
  | { success: false; issues: InputIssue[] };

/**
 * Parses a tool's arguments with its input schema, and never throws. zod runs
 * its length checks even after a field's type check failed, on any value with
 * a `length`: an object whose `length` cannot become a number (say its
 * `toString` is not a function) makes `safeParse` throw a TypeError instead of
 * reporting an issue. Such a field is then named as zod names a wrong type.
 */
export function safeParseToolInput(schema: z.ZodObject, args: unknown): ParsedToolInput {
  try {
    const parsed = schema.safeParse(args);
    return parsed.success
      ? { success: true, data: parsed.data as Record<string, unknown> }
      : { success: false, issues: parsed.error.issues };
  } catch {
    const fields =
      args !== null && typeof args === "object" ? (args as Record<string, unknown>) : {};
    for (const [name, field] of Object.entries(schema.shape)) {
      try {
        (field as z.ZodType).safeParse(fields[name]);
      } catch {
        const expected = typeNamed(field as z.ZodType);
        return {
          success: false,
          issues: [
            { path: [name], message: `Invalid input: expected ${expected}, received object` },
          ],
        };
      }
    }
    return {
      success: false,
      issues: [{ path: [], message: "Invalid input: a value holds an object that cannot be read" }],
    };
  }
}

/** The type a field's value must have, as zod names it: an optional field's inner type. */
function typeNamed(field: z.ZodType): string {
  let schema = field;
  while ("innerType" in schema.def) schema = schema.def.innerType as z.ZodType;
  return schema.def.type;
}
