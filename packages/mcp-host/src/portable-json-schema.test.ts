import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { toolCatalog, toolInputJsonSchema, toolOutputJsonSchema } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { portableJsonSchema } from "./portable-json-schema.js";
import { schemaSamples } from "./test-support/schema-samples.js";

const ANY = {
  anyOf: ["string", "number", "boolean", "object", "array", "null"].map((type) => ({ type })),
};

const MAPS = new Set(["properties", "patternProperties", "$defs", "definitions"]);
const NOT_SCHEMAS = new Set(["enum", "const", "required", "type", "examples", "default"]);

/** Every spot the Inspector's strict check warns about: a type list, or an empty schema. */
function lintFindings(node: unknown, path = ""): string[] {
  if (Array.isArray(node)) {
    return node.flatMap((entry, index) => lintFindings(entry, `${path}[${index}]`));
  }
  if (typeof node !== "object" || node === null) return [];
  const schema = node as Record<string, unknown>;
  const own = Array.isArray(schema.type) ? [`${path}: type list`] : [];
  if (Object.keys(schema).length === 0) own.push(`${path}: empty schema`);
  const nested = Object.entries(schema).flatMap(([key, value]) => {
    if (NOT_SCHEMAS.has(key)) return [];
    if (MAPS.has(key) && typeof value === "object" && value !== null) {
      return Object.entries(value).flatMap(([name, entry]) =>
        lintFindings(entry, `${path}.${key}.${name}`),
      );
    }
    return lintFindings(value, `${path}.${key}`);
  });
  return [...own, ...nested];
}

describe("portableJsonSchema", () => {
  it("GIVEN a nullable string with a description WHEN rewritten THEN it is a choice of one type per branch and keeps the description", () => {
    expect(
      portableJsonSchema({ type: ["string", "null"], description: "d", minLength: 1 }),
    ).toEqual({
      description: "d",
      minLength: 1,
      anyOf: [{ type: "string" }, { type: "null" }],
    });
  });

  it("GIVEN a loose object and an array of unknown values WHEN rewritten THEN additionalProperties is true and the items list every JSON type", () => {
    expect(
      portableJsonSchema({
        type: "object",
        properties: { list: { type: "array", items: {} }, note: { description: "anything" } },
        additionalProperties: {},
      }),
    ).toEqual({
      type: "object",
      properties: {
        list: { type: "array", items: ANY },
        note: { description: "anything", ...ANY },
      },
      additionalProperties: true,
    });
  });

  it("GIVEN a type list beside an existing anyOf WHEN rewritten THEN both choices must hold, as before", () => {
    expect(
      portableJsonSchema({ type: ["string", "null"], anyOf: [{ minLength: 2 }, { const: null }] }),
    ).toEqual({
      allOf: [
        { anyOf: [{ minLength: 2 }, { const: null }] },
        { anyOf: [{ type: "string" }, { type: "null" }] },
      ],
    });
  });

  it.each(toolCatalog.map((tool) => [tool.name, tool] as const))(
    "GIVEN %s WHEN its schemas are rewritten THEN nothing is left to warn about and sample values get the same verdict as before",
    (_name, tool) => {
      const ajv = new AjvJsonSchemaValidator();
      for (const original of [toolInputJsonSchema(tool), toolOutputJsonSchema(tool)]) {
        const portable = portableJsonSchema(original);
        expect(lintFindings(portable)).toEqual([]);
        const before = ajv.getValidator(original);
        const after = ajv.getValidator(portable);
        for (const sample of [...SAMPLES, ...schemaSamples(original)]) {
          expect(after(sample).valid, JSON.stringify(sample)).toBe(before(sample).valid);
        }
      }
    },
  );
});

/** Values that hit the rewritten spots: nulls where strings go, unknown payloads, failures. */
const SAMPLES: unknown[] = [
  null,
  "text",
  {},
  { ok: true },
  { ok: false, code: "x", error: "y" },
  { ok: false, code: "x", error: "y", fix: "z", issues: [{ path: "a", message: "b" }] },
  { ok: false, code: 1, error: "y" },
  { ok: true, specs: ["auth"], total: 1 },
  { ok: true, stdout: { a: [1, "b", null] }, signal: null, exit_code: 0 },
  { ok: true, stdout: [1, {}, null], signal: "SIGTERM" },
  { identifier: "shop", workdir: null },
  { source: "shop", target: "auth", type: "spec" },
  { path: "/tmp/x", name: null },
];
