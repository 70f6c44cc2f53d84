import { withoutSafeIntegerBounds } from "./without-safe-integer-bounds.js";

/**
 * The input schema as tools/list and Hermes publish it leaves out what costs
 * every session tokens without helping a model call the tool: the caps that
 * guard the host against oversized input (`maxLength`, `maxItems`, and zod's
 * safe-integer bounds), `minLength: 1` (no call means an empty name or text),
 * `minimum: 0` (no call means a negative offset or count)
 * and `additionalProperties: false` (each object lists its fields, and a
 * model sends those); an object of any fields is `type: "object"` alone.
 * Together about 1,250 tokens across the catalog. The catalog still checks
 * each one: an empty value or a field the tool does not
 * have is answered with `invalid_input` whose issue names the field (a few
 * common misnamings are taken as their field; see `argument-aliases.ts`).
 * Every other keyword
 * (types, enums, `required`, a longer `minLength`, `minItems`, a page
 * limit's `maximum`) stays.
 */
export function withoutGuardBounds(context: { jsonSchema: Record<string, unknown> }) {
  withoutSafeIntegerBounds(context);
  const { jsonSchema } = context;
  delete jsonSchema.maxLength;
  delete jsonSchema.maxItems;
  if (jsonSchema.minLength === 1) delete jsonSchema.minLength;
  if (jsonSchema.minimum === 0) delete jsonSchema.minimum;
  if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
  if (isAnyObject(jsonSchema)) {
    delete jsonSchema.properties;
    delete jsonSchema.additionalProperties;
  }
}

/** An object of any fields (zod's `looseObject({})`): `type: "object"` alone says as much. */
function isAnyObject(jsonSchema: Record<string, unknown>): boolean {
  const { properties, additionalProperties } = jsonSchema;
  return (
    jsonSchema.type === "object" &&
    typeof properties === "object" &&
    properties !== null &&
    Object.keys(properties).length === 0 &&
    typeof additionalProperties === "object" &&
    additionalProperties !== null &&
    Object.keys(additionalProperties).length === 0
  );
}
