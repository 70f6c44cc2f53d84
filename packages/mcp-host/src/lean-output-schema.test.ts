import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { toolCatalog, toolOutputJsonSchema } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { leanOutputSchema } from "./lean-output-schema.js";
import { ANY_JSON_VALUE, portableJsonSchema } from "./portable-json-schema.js";
import { schemaSamples } from "./test-support/schema-samples.js";

const WARNING = {
  type: "object",
  description: "A file that was not read.",
  properties: {
    code: { type: "string", enum: ["unreadable", "truncated"] },
    path: { type: "string" },
  },
  required: ["code", "path"],
  additionalProperties: false,
};

describe("leanOutputSchema", () => {
  it("GIVEN a shape used twice with descriptions WHEN made lean THEN it is defined once under $defs, referenced twice, and no prose is left", () => {
    const lean = leanOutputSchema({
      type: "object",
      description: "An answer.",
      properties: {
        ok: { type: "boolean", const: true, description: "Always true." },
        warnings: { type: "array", items: WARNING },
        skipped: { type: "array", items: WARNING },
      },
    });
    expect(lean).toEqual({
      type: "object",
      properties: {
        ok: { const: true },
        warnings: { $ref: "#/$defs/warnings" },
        skipped: { $ref: "#/$defs/warnings" },
      },
      $defs: { warnings: { type: "array", items: { ...WARNING, description: undefined } } },
    });
    expect(JSON.stringify(lean)).not.toContain("description");
  });

  it("GIVEN a property named description or title WHEN made lean THEN the property stays; only the keywords go", () => {
    expect(
      leanOutputSchema({
        type: "object",
        properties: { description: { type: "string" }, title: { type: "string", title: "T" } },
      }),
    ).toEqual({
      type: "object",
      properties: { description: { type: "string" }, title: { type: "string" } },
    });
  });

  it("GIVEN a result's success and failure branches WHEN made lean THEN what the result already says is not restated in them", () => {
    const lean = leanOutputSchema({
      type: "object",
      properties: { ok: { type: "boolean" } },
      required: ["ok"],
      anyOf: [
        {
          type: "object",
          properties: {
            ok: { type: "boolean", const: true },
            log: { type: "array", items: ANY_JSON_VALUE },
          },
          required: ["ok", "log"],
          additionalProperties: false,
        },
        {
          type: "object",
          properties: { ok: { type: "boolean", const: false }, code: { type: "string" } },
          required: ["ok"],
        },
      ],
    });
    expect(lean).toEqual({
      type: "object",
      required: ["ok"],
      anyOf: [
        {
          properties: { ok: { const: true }, log: { type: "array" } },
          required: ["log"],
          additionalProperties: false,
        },
        { properties: { ok: { const: false }, code: { type: "string" } } },
      ],
    });
  });

  it("GIVEN a closed object or a branch that does not pin the property WHEN made lean THEN the property stays where it is", () => {
    const closed = {
      type: "object",
      properties: { ok: { type: "boolean" } },
      additionalProperties: false,
      anyOf: [{ properties: { ok: { const: true } } }, { properties: { ok: { const: false } } }],
    };
    expect(leanOutputSchema(closed)).toEqual(closed);
    const unpinned = {
      type: "object",
      properties: { ok: { type: "boolean" } },
      anyOf: [
        { properties: { ok: { const: true } } },
        { properties: { code: { type: "string" } } },
      ],
    };
    expect(leanOutputSchema(unpinned)).toEqual(unpinned);
  });

  it("GIVEN a short shape used often WHEN made lean THEN it is shared once that saves characters, named after its shape rather than one of its fields", () => {
    const nullable = { anyOf: [{ type: "string" }, { type: "null" }] };
    const names = ["a", "b", "c", "d", "e", "f", "g", "h"];
    const lean = leanOutputSchema({
      type: "object",
      properties: Object.fromEntries(names.map((name) => [name, nullable])),
    });
    expect(lean).toEqual({
      type: "object",
      properties: Object.fromEntries(
        names.map((name) => [name, { $ref: "#/$defs/string_or_null" }]),
      ),
      $defs: { string_or_null: nullable },
    });
    const once = { type: "object", properties: { first: nullable, second: nullable } };
    expect(leanOutputSchema(once)).toEqual(once);
  });

  it.each(toolCatalog.map((tool) => [tool.name, tool] as const))(
    "GIVEN %s WHEN its published output schema is made lean THEN it compiles, has no cycle, is smaller, and gives every sample the same verdict",
    (_name, tool) => {
      const portable = portableJsonSchema(toolOutputJsonSchema(tool));
      const lean = leanOutputSchema(portable);
      expect(JSON.stringify(lean).length).toBeLessThan(JSON.stringify(portable).length);
      expect(JSON.stringify(lean)).not.toMatch(/"description":"/);
      const defs = (lean.$defs ?? {}) as Record<string, unknown>;
      for (const [name, def] of Object.entries(defs)) {
        expect(JSON.stringify(def), name).not.toContain(`"#/$defs/${name}"`);
      }
      const ajv = new AjvJsonSchemaValidator();
      const before = ajv.getValidator(portable);
      const after = ajv.getValidator(lean);
      const samples = [...SAMPLES, ...schemaSamples(portable)];
      const verdicts = samples.map((sample) => before(sample).valid);
      // Values on both sides of the schema's edges, so the comparison can fail.
      expect(verdicts.filter(Boolean).length).toBeGreaterThan(1);
      expect(verdicts.filter((valid) => !valid).length).toBeGreaterThan(10);
      samples.forEach((sample, index) => {
        expect(after(sample).valid, JSON.stringify(sample)).toBe(verdicts[index]);
      });
    },
  );
});

/** Answers of several shapes: a failure, bare successes, warnings of the right and wrong shape. */
const SAMPLES: unknown[] = [
  null,
  {},
  { ok: true },
  { ok: false, code: "x", error: "y" },
  { ok: false, code: "x", error: "y", fix: "z", issues: [] },
  { ok: false, code: 1, error: "y" },
  { ok: true, specs: ["auth"], total: 1 },
  { ok: true, stdout: { a: [1] }, signal: null, exit_code: 0 },
  { ok: true, warnings: [{ code: "truncated", path: "a", message: "m" }] },
  { ok: true, warnings: [{ code: "nope", path: "a", message: "m" }] },
];
