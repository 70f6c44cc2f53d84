import fc from "fast-check";
import type { Sandbox } from "../sandbox/make-sandbox.js";
import { HUGE_STRINGS, hostileStringFor } from "./hostile-strings.js";

/** Keys that reach an object's prototype when code assigns them naively. */
export const PROTOTYPE_KEYS = ["__proto__", "constructor", "prototype", "toString", "valueOf"];

/** An object whose keys are all its own, `__proto__` included, as `JSON.parse` would make it. */
export function ownObject(
  entries: readonly (readonly [string, unknown])[],
): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const [key, value] of entries) {
    Object.defineProperty(object, key, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return object;
}

/** Arrays or objects nested thousands deep. */
export function deeplyNested(): fc.Arbitrary<unknown> {
  return fc.tuple(fc.integer({ min: 100, max: 3000 }), fc.boolean()).map(([depth, asArrays]) => {
    let value: unknown = "bottom";
    for (let level = 0; level < depth; level += 1) value = asArrays ? [value] : { a: value };
    return value;
  });
}

/** Any JSON value (and some that JSON lacks: NaN, -0, Infinity), with hostile strings and keys. */
export function hostileValue(sandbox: Sandbox): fc.Arbitrary<unknown> {
  const key = fc.oneof(
    fc.constantFrom(...PROTOTYPE_KEYS, "source", "workdir", "name", "", " "),
    fc.string({ maxLength: 8 }),
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { maxDepth: 3, depthSize: "small" },
      hostileStringFor("text", sandbox),
      fc.constantFrom(...HUGE_STRINGS),
      fc.integer(),
      fc.double(),
      fc.constantFrom(0, -1, 2 ** 53, -(2 ** 53), 1e308),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.array(fc.tuple(key, tie("value")), { maxLength: 4 }).map(ownObject),
      deeplyNested(),
    ),
  }));
  return value;
}
