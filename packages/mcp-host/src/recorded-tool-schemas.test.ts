import { type ToolDefinition, toolCatalog } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { listCatalogTool } from "./list-catalog-tool.js";

// The built package, whose record the build wrote (from the sources there is none, and
// listCatalogTool builds every schema): what a published server lists.
const built: { listCatalogTool: typeof listCatalogTool } = await import(
  new URL("../dist/list-catalog-tool.js", import.meta.url).href
);
const record: { toolSchemasRecord: string | undefined } = await import(
  new URL("../dist/tool-schemas-record.js", import.meta.url).href
);

describe("the tool schemas recorded at build time", () => {
  it("GIVEN the built package WHEN its record is read THEN it holds every catalog tool, by name", () => {
    expect(record.toolSchemasRecord, "dist/tool-schemas-record.js: no record; build first").toEqual(
      expect.any(String),
    );
    const recorded = JSON.parse(record.toolSchemasRecord as string);
    expect(Object.keys(recorded.tools)).toEqual(toolCatalog.map((tool) => tool.name));
  });

  it("GIVEN every catalog tool WHEN the built package lists it from the record THEN it lists exactly what the tool's zod schemas build, with and without output schemas", () => {
    for (const tool of toolCatalog) {
      for (const outputSchema of [true, false]) {
        expect(JSON.stringify(built.listCatalogTool(tool, { outputSchema })), tool.name).toBe(
          JSON.stringify(listCatalogTool(tool, { outputSchema })),
        );
      }
    }
  });

  it("GIVEN a tool that is not the catalog's own but has a catalog tool's name WHEN the built package lists it THEN its schemas are built from its own zod schemas, not taken from the record", () => {
    const catalogTool = toolCatalog[0] as ToolDefinition;
    const other: ToolDefinition = {
      ...catalogTool,
      inputSchema: z.object({ only_here: z.string() }),
      outputSchema: z.object({ ok: z.literal(true), answer: z.string() }),
    };
    const listed = built.listCatalogTool(other);
    expect(listed.inputSchema.properties).toEqual({ only_here: { type: "string" } });
    expect(JSON.stringify(listed.outputSchema)).toContain('"answer"');
  });
});
