import { describe, expect, it } from "vitest";
import { toolCatalog } from "./tool-catalog.js";
import { toolFailureSchema, toolOutputJsonSchema, toolResultSchema } from "./tool-result-schema.js";

const sourceList = toolCatalog.find((tool) => tool.name === "openspec_source_list");
if (sourceList === undefined) throw new Error("openspec_source_list is not in the catalog");

describe("tool result schemas", () => {
  it.each(toolCatalog.map((tool) => [tool.name, tool] as const))(
    "GIVEN %s WHEN its result is published as JSON Schema THEN the root is an object with ok and the success and failure shapes as alternatives",
    (_name, tool) => {
      const schema = toolOutputJsonSchema(tool);
      expect(schema).toMatchObject({ type: "object", required: ["ok"] });
      expect(schema.$schema).toBeUndefined();
      const alternatives = schema.anyOf;
      expect(Array.isArray(alternatives) && alternatives.length >= 2).toBe(true);
      expect(JSON.stringify(schema)).toContain('"const":false');
    },
  );

  it("GIVEN a success with a field its tool does not declare WHEN checked THEN the schema refuses it", () => {
    const result = { ok: true, sources: [], total: 0, surprise: 1 };
    expect(toolResultSchema(sourceList).safeParse(result).success).toBe(false);
    expect(
      toolResultSchema(sourceList).safeParse({ ok: true, sources: [], total: 0 }).success,
    ).toBe(true);
  });

  it("GIVEN a failure with extra fields WHEN checked THEN it passes, and one without error does not", () => {
    const failure = { ok: false, code: "invalid_input", error: "Bad.", fix: "Fix.", issues: [] };
    expect(toolResultSchema(sourceList).safeParse(failure).success).toBe(true);
    expect(toolFailureSchema.safeParse({ ok: false, code: "invalid_input" }).success).toBe(false);
  });
});
