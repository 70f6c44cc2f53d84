import { describe, expect, it } from "vitest";
import { compileEachSchemaOnce } from "./compile-each-schema-once.js";

/** A provider like the SDK's: each call compiles a new validator; `compiled` lists what it compiled. */
function recordingProvider() {
  const compiled: string[] = [];
  return {
    compiled,
    getValidator(schema: { type: string }) {
      compiled.push(JSON.stringify(schema));
      return (input: unknown) => ({ valid: typeof input === schema.type });
    },
  };
}

describe("compileEachSchemaOnce", () => {
  it("GIVEN two clients listing the same catalog WHEN each asks for its tools' validators THEN each distinct schema is compiled once, a changed schema anew, and the validators are the provider's own", () => {
    const provider = recordingProvider();
    const validators = compileEachSchemaOnce(provider);
    // A fresh object each time, as a parsed tools/list answer gives it.
    const first = validators.getValidator({ type: "string" });
    const again = validators.getValidator({ type: "string" });
    const other = validators.getValidator({ type: "number" });

    expect(provider.compiled).toEqual(['{"type":"string"}', '{"type":"number"}']);
    expect(again).toBe(first);
    expect(first("text")).toEqual({ valid: true });
    expect(first(1)).toEqual({ valid: false });
    expect(other(1)).toEqual({ valid: true });
  });
});
