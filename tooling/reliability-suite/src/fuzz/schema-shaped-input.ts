import fc from "fast-check";
import type { Sandbox } from "../sandbox/make-sandbox.js";
import { HUGE_STRINGS, hostileStringFor } from "./hostile-strings.js";
import { hostileValue, ownObject, PROTOTYPE_KEYS } from "./hostile-values.js";

/** The part of a tool's JSON Schema (as `toolInputJsonSchema` writes it) that inputs are made from. */
export type InputSchema = {
  type?: string;
  enum?: unknown[];
  anyOf?: InputSchema[];
  properties?: Record<string, InputSchema>;
  required?: string[];
  items?: InputSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
};

/** Arrays stay short: the point is hostile values, not volume. */
const MAX_ITEMS = 3;

/**
 * Inputs for one tool: mostly valid in shape with hostile values in every
 * field, so that the handlers run; then the same with one part broken (a
 * wrong type, a missing or extra key, a prototype key, a megabyte string);
 * then any value at all in place of the arguments.
 */
export function toolInput(schema: InputSchema, sandbox: Sandbox): fc.Arbitrary<unknown> {
  const valid = shaped(schema, "input", sandbox);
  return fc.oneof(
    { weight: 6, arbitrary: valid },
    {
      weight: 3,
      arbitrary: fc.tuple(valid, breakage(sandbox)).map(([input, breakIt]) => breakIt(input)),
    },
    { weight: 1, arbitrary: hostileValue(sandbox) },
  );
}

function shaped(schema: InputSchema, field: string, sandbox: Sandbox): fc.Arbitrary<unknown> {
  if (schema.anyOf)
    return fc.oneof(...schema.anyOf.map((option) => shaped(option, field, sandbox)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case "string": {
      const min = schema.minLength ?? 0;
      const max = schema.maxLength ?? 10_000;
      return hostileStringFor(field, sandbox).map((text) => fitLength(text, min, max));
    }
    case "integer": {
      const min = schema.minimum ?? -(2 ** 31);
      const max = Math.min(schema.maximum ?? 2 ** 31, Number.MAX_SAFE_INTEGER);
      return fc.oneof(
        fc.integer({ min, max: Math.min(max, min + 10_000) }),
        fc.constantFrom(min, max),
      );
    }
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const items = schema.items ?? {};
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS));
      return fc.array(shaped(items, field, sandbox), { minLength, maxLength });
    }
    case "object": {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, inner]) => [key, shaped(inner, key, sandbox)]),
      );
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    default:
      return hostileValue(sandbox);
  }
}

/** A hostile string cut or padded to the length the schema allows (UTF-16 units, as zod counts). */
function fitLength(text: string, min: number, max: number): string {
  const cut = text.slice(0, max);
  return cut.length >= min ? cut : cut.padEnd(min, "a");
}

type Breakage = (input: unknown) => unknown;

/** One way to break a valid input: at a random place, replace, delete or add something. */
function breakage(sandbox: Sandbox): fc.Arbitrary<Breakage> {
  const extraKey = fc.oneof(fc.constantFrom(...PROTOTYPE_KEYS), fc.string({ maxLength: 10 }));
  return fc.oneof(
    fc.tuple(fc.nat(), hostileValue(sandbox)).map(
      ([pick, value]): Breakage =>
        (input) =>
          rebuildAt(input, pick, () => value),
    ),
    fc.tuple(fc.nat(), fc.constantFrom(...HUGE_STRINGS)).map(
      ([pick, huge]): Breakage =>
        (input) =>
          rebuildAt(input, pick, () => huge),
    ),
    fc.nat().map(
      (pick): Breakage =>
        (input) =>
          rebuildAt(input, pick, () => REMOVE),
    ),
    fc.tuple(extraKey, hostileValue(sandbox)).map(
      ([key, value]): Breakage =>
        (input) =>
          isPlainObject(input) ? ownObject([...Object.entries(input), [key, value]]) : input,
    ),
  );
}

const REMOVE = Symbol("remove");

/**
 * A copy of `input` with the `pick`-th value (depth first, modulo their count)
 * replaced by what `replace` gives, or left out when that is REMOVE.
 */
function rebuildAt(input: unknown, pick: number, replace: () => unknown): unknown {
  const count = countValues(input);
  let target = count === 0 ? 0 : pick % count;
  const visit = (value: unknown): unknown => {
    if (target-- === 0) return replace();
    if (Array.isArray(value)) return value.map(visit).filter((item) => item !== REMOVE);
    if (isPlainObject(value)) {
      return ownObject(
        Object.entries(value)
          .map(([key, inner]) => [key, visit(inner)] as const)
          .filter(([, inner]) => inner !== REMOVE),
      );
    }
    return value;
  };
  const rebuilt = visit(input);
  return rebuilt === REMOVE ? {} : rebuilt;
}

function countValues(value: unknown): number {
  if (Array.isArray(value))
    return 1 + value.reduce((sum: number, item) => sum + countValues(item), 0);
  if (isPlainObject(value)) {
    return 1 + Object.values(value).reduce((sum: number, item) => sum + countValues(item), 0);
  }
  return 1;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
