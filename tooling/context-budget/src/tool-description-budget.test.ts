import { toolCatalog, toolInputJsonSchema } from "@org/openspec-core";
import { describe, expect, it } from "vitest";
import { DESCRIPTION_TOKEN_CAP, FIELD_DESCRIPTION_TOKEN_CAP } from "./context-budget.js";
import { countText } from "./count-tokens.js";

type Node = {
  description?: string;
  properties?: Record<string, Node>;
  items?: Node;
  anyOf?: Node[];
};

/** Every field description of an input schema, by its path (`specs[].added[].name`). */
function fieldDescriptions(node: Node, path = ""): [string, string][] {
  const own: [string, string][] =
    node.description !== undefined && path !== "" ? [[path, node.description]] : [];
  return [
    ...own,
    ...Object.entries(node.properties ?? {}).flatMap(([key, child]) =>
      fieldDescriptions(child, path === "" ? key : `${path}.${key}`),
    ),
    ...(node.items === undefined ? [] : fieldDescriptions(node.items, `${path}[]`)),
    ...(node.anyOf ?? []).flatMap((branch) => fieldDescriptions(branch, path)),
  ];
}

describe("each tool's share of the context: what every new tool must fit", () => {
  it.each(toolCatalog.map((tool) => [tool.name, tool] as const))(
    "GIVEN %s WHEN a client lists it THEN its description fits the per-tool cap (the rest belongs in notes)",
    (_name, tool) => {
      expect(countText(tool.description).tokens).toBeLessThanOrEqual(DESCRIPTION_TOKEN_CAP);
    },
  );

  it.each(toolCatalog.map((tool) => [tool.name, tool] as const))(
    "GIVEN %s WHEN a client lists it THEN each field description is a few words",
    (_name, tool) => {
      const long = fieldDescriptions(toolInputJsonSchema(tool) as Node).filter(
        ([, text]) => countText(text).tokens > FIELD_DESCRIPTION_TOKEN_CAP,
      );
      expect(long).toEqual([]);
    },
  );

  it("GIVEN a description over the cap WHEN counted THEN the check sees it, so the caps above are real", () => {
    const long = "Resolve an identifier and return the repository path. ".repeat(8);
    expect(countText(long).tokens).toBeGreaterThan(DESCRIPTION_TOKEN_CAP);
    const field =
      "Only the entries whose name or path contains this text; case and accents are ignored.";
    expect(countText(field.repeat(2)).tokens).toBeGreaterThan(FIELD_DESCRIPTION_TOKEN_CAP);
  });
});
