/**
 * zod writes `z.number().int()` with the bounds of a safe integer
 * (±9007199254740991), seven tokens each in every tool list for a bound no
 * caller comes near; the catalog still checks them, so the schema drops them.
 */
export function withoutSafeIntegerBounds({ jsonSchema }: { jsonSchema: Record<string, unknown> }) {
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
}
