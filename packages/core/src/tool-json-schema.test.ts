import { existsSync } from "node:fs";
import { join } from "node:path";
import { CHECKOUT_SPEC_INPUT, makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";
import { toolCatalog } from "./tool-catalog.js";
import { toolInputJsonSchema } from "./tool-json-schema.js";

afterEach(cleanUp);

/** Every schema object in a published input schema, with where it sits. */
function schemaNodes(node: unknown, at = ""): { at: string; node: Record<string, unknown> }[] {
  if (typeof node !== "object" || node === null) return [];
  if (Array.isArray(node))
    return node.flatMap((entry, index) => schemaNodes(entry, `${at}/${index}`));
  const record = node as Record<string, unknown>;
  return [
    { at, node: record },
    ...Object.entries(record).flatMap(([key, value]) => schemaNodes(value, `${at}/${key}`)),
  ];
}

describe("the input schemas the hosts publish", () => {
  it("GIVEN every catalog tool WHEN its input schema is published THEN the keywords that only cost tokens are left out and what a caller needs stays", () => {
    const kept: string[] = [];
    for (const tool of toolCatalog) {
      for (const { at, node } of schemaNodes(toolInputJsonSchema(tool))) {
        const where = `${tool.name}${at}`;
        expect(node.maxLength, where).toBeUndefined();
        expect(node.maxItems, where).toBeUndefined();
        expect(node.minLength, where).not.toBe(1);
        expect(node.additionalProperties, where).not.toBe(false);
        expect(node.$ref, where).toBeUndefined();
        if (node.enum !== undefined || node.minItems !== undefined) kept.push(where);
      }
    }
    const changeCreate = toolCatalog.find((tool) => tool.name === "openspec_change_create");
    if (changeCreate === undefined) throw new Error("openspec_change_create is not in the catalog");
    const create = toolInputJsonSchema(changeCreate);
    expect(create.required).toEqual(["name", "why", "what_changes"]);
    expect(kept).toContain("openspec_change_create/properties/what_changes");
    expect(kept).toContain(
      "openspec_change_create/properties/specs/items/properties/added/items/properties/scenarios/items/properties/steps/items/properties/type",
    );
  });

  it("GIVEN change create's modified requirements, published as objects as in added WHEN one lacks its description or holds a field a requirement does not have THEN the catalog refuses it naming the field, and writes nothing", async () => {
    const changeCreate = toolCatalog.find((tool) => tool.name === "openspec_change_create");
    if (changeCreate === undefined) throw new Error("openspec_change_create is not in the catalog");
    type Node = { properties: Record<string, Node>; items: Node; required?: string[] };
    const delta = (toolInputJsonSchema(changeCreate) as unknown as Node).properties.specs?.items
      .properties as Record<string, Node>;
    // The published shape is said once, under added; modified says it in words.
    expect(delta.modified).toEqual({
      description: "Whole requirements as in added, every scenario included.",
      type: "array",
      items: { type: "object" },
    });
    expect(delta.added?.items.required).toEqual(["name", "description"]);
    const { catalog } = makeCatalog({ cli: false });
    const workdir = makeOpenSpecRepository();
    const why = "Checkout needs a modified requirement to be checked as a whole one, always.";
    for (const [requirement, field] of [
      [{ name: "Pay" }, "description"],
      [{ name: "Pay", description: "It SHALL pay.", colour: "blue" }, "colour"],
    ] as const) {
      const refused = await catalog.call("openspec_change_create", {
        workdir,
        name: "change-checkout",
        why,
        what_changes: ["Pay differently."],
        specs: [{ name: "checkout", modified: [requirement] }],
      });
      expect(refused).toMatchObject({ ok: false, code: "invalid_input" });
      expect(JSON.stringify(refused)).toContain(field);
    }
    expect(existsSync(join(workdir, "openspec", "changes", "change-checkout"))).toBe(false);
  });

  it("GIVEN an empty name or a field the tool does not have WHEN the catalog is called THEN it still refuses with invalid_input naming the field, and writes nothing", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const workdir = makeOpenSpecRepository();
    for (const [change, field] of [
      [{ name: "" }, "name"],
      [{ colour: "blue" }, "colour"],
    ] as const) {
      const refused = await catalog.call("openspec_spec_create", {
        workdir,
        ...CHECKOUT_SPEC_INPUT,
        ...change,
      });
      expect(refused).toMatchObject({ ok: false, code: "invalid_input" });
      expect(JSON.stringify(refused)).toContain(field);
    }
    const written = await catalog.call("openspec_spec_list", { workdir });
    expect(written).toMatchObject({ ok: true });
    expect(JSON.stringify(written)).not.toContain(CHECKOUT_SPEC_INPUT.name);
  });
});
