import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { toolCatalog, toolOutputJsonSchema } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { leanOutputSchema } from "./lean-output-schema.js";
import { portableJsonSchema } from "./portable-json-schema.js";

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
      for (const sample of SAMPLES) {
        expect(after(sample).valid, JSON.stringify(sample)).toBe(before(sample).valid);
      }
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
