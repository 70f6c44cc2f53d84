import { withoutSafeIntegerBounds } from "./without-safe-integer-bounds.js";

/**
 * The input schema as tools/list and Hermes publish it leaves out the caps
 * that guard the host against oversized input (`maxLength`, `maxItems`, and
 * zod's safe-integer bounds): no real call comes near them, yet they cost
 * every session about 550 tokens. The catalog still checks each one, and an
 * oversized value is answered with `invalid_input` whose issue names the
 * field and its cap. Every other keyword (types, enums, `required`,
 * `minLength`, a page limit's `maximum`) stays.
 */
export function withoutGuardBounds(context: { jsonSchema: Record<string, unknown> }) {
  withoutSafeIntegerBounds(context);
  delete context.jsonSchema.maxLength;
  delete context.jsonSchema.maxItems;
}
