import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, readOnlyTool } from "./tool-definition.js";

function countingTool() {
  const built = { count: 0, inputs: 0 };
  const tool = defineTool({
    name: "count",
    description: "Counts how often its schemas are built.",
    inputSchema: () => {
      built.inputs += 1;
      return z.object({});
    },
    outputSchema: () => {
      built.count += 1;
      return z.strictObject({ ok: z.literal(true) });
    },
    requiresCli: false,
    annotations: readOnlyTool("Count"),
    presentation: { command: ["count"], summary: "count", render: () => [] },
    handler: async () => ({ ok: true as const }),
  });
  return { tool, built };
}

describe("defineTool", () => {
  it("GIVEN a tool defined with defineTool WHEN it is loaded and called THEN its output schema is not built", async () => {
    const { tool, built } = countingTool();
    await tool.handler({}, {} as never);
    expect(tool.inputSchema.safeParse({}).success).toBe(true);
    expect(built.count).toBe(0);
  });

  it("GIVEN a tool defined with defineTool WHEN its output schema is read twice THEN it is built once and is the same schema", () => {
    const { tool, built } = countingTool();
    const first = tool.outputSchema;
    expect(first.safeParse({ ok: true }).success).toBe(true);
    expect(tool.outputSchema).toBe(first);
    expect(built.count).toBe(1);
  });

  it("GIVEN a tool defined with defineTool WHEN it is defined and its name, description and annotations are read, as a tool list does THEN its input schema is not built; WHEN a call reads it twice THEN it is built once", () => {
    const { tool, built } = countingTool();
    expect([tool.name, tool.description, tool.annotations.readOnlyHint]).toEqual([
      "count",
      "Counts how often its schemas are built.",
      true,
    ]);
    expect(built.inputs).toBe(0);
    const first = tool.inputSchema;
    expect(first.safeParse({}).success).toBe(true);
    expect(tool.inputSchema).toBe(first);
    expect(built.inputs).toBe(1);
  });
});
