import type { z } from "zod";

/**
 * What `schema` makes of a value read from a repository (a parsed YAML file),
 * or undefined when it does not fit. zod runs its length checks even after a
 * type check failed, on any value with a `length`: a YAML mapping such as
 * `length: { toString: {} }` makes `safeParse` throw a TypeError instead of
 * failing, and a file a person could write must never end a call that way.
 */
export function parseUntrusted<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.output<Schema> | undefined {
  try {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
