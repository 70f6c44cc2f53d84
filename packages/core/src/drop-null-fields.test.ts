import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { makeOpenSpecRepository } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { dropNullFields } from "./drop-null-fields.js";
import { cleanUp, makeCatalog } from "./test-support/fixture.js";

afterEach(cleanUp);

const why = "Shoppers lose their carts when a session ends, and support hears of it every day.";
const requirement = {
  name: "Cart survives sign-out",
  description: "The system SHALL keep a signed-in shopper's cart for 30 days.",
  scenarios: [
    {
      name: "Back after a week",
      steps: [
        { type: "GIVEN", text: "a cart with two items" },
        { type: "WHEN", text: "the shopper signs in a week later" },
        { type: "THEN", text: "both items are in the cart" },
      ],
    },
  ],
};

/** Every file of the change, by its path inside the change folder. */
function changeFiles(root: string, name: string): Record<string, string> {
  const folder = join(root, "openspec/changes", name);
  return Object.fromEntries(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [path.slice(folder.length + 1), readFileSync(path, "utf8")];
      }),
  );
}

describe("a model that calls tools in strict mode, sending null for each field it leaves out", () => {
  it("GIVEN a proposal whose optional fields are null at every depth WHEN the change is created THEN it is written exactly as the same proposal without those fields", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const [plain, strict] = [makeOpenSpecRepository(), makeOpenSpecRepository()];
    const proposal = {
      name: "keep-carts",
      why,
      what_changes: ["Carts outlive sessions"],
      specs: [
        {
          name: "cart",
          purpose: "How carts behave for shoppers across their visits.",
          added: [requirement],
        },
      ],
    };
    const left = await catalog.call("openspec_change_create", { workdir: plain, ...proposal });
    const right = await catalog.call("openspec_change_create", {
      workdir: strict,
      source: null,
      ...proposal,
      impact: null,
      design: null,
      tasks: null,
      schema: null,
      force: null,
      specs: [
        {
          ...proposal.specs[0],
          modified: null,
          removed: null,
          renamed: null,
          added: [{ ...requirement, scenarios: requirement.scenarios }],
        },
      ],
    });
    expect(left).toMatchObject({ ok: true });
    expect(right).toMatchObject({ ok: true });
    expect(changeFiles(strict, "keep-carts")).toEqual(changeFiles(plain, "keep-carts"));
  });

  it("GIVEN null as an element of a list WHEN called THEN the answer is invalid_input naming that element: only a field's null means not given", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const result = await catalog.call("openspec_change_create", {
      workdir: makeOpenSpecRepository(),
      name: "keep-carts",
      why,
      what_changes: ["Carts outlive sessions", null],
    });
    expect(result).toMatchObject({ ok: false, code: "invalid_input" });
    expect(result.ok === false && result.error).toContain("what_changes.1");
  });

  it("GIVEN a source's name set to null WHEN the source is updated THEN its vanity name is cleared: a field that takes null keeps it", async () => {
    const { catalog } = makeCatalog({ cli: false });
    const root = makeOpenSpecRepository();
    const added = await catalog.call("openspec_source_add", { path: root, name: "webshop" });
    expect(added).toMatchObject({ ok: true, source: { name: "webshop" } });
    expect(
      await catalog.call("openspec_source_update", { source: "webshop", name: null, path: null }),
    ).toMatchObject({ ok: true, source: { name: null } });
  });

  it("GIVEN a __proto__ field among null ones WHEN the nulls are dropped THEN it stays an own field and no object's prototype changes", () => {
    const args = JSON.parse('{"__proto__": {"polluted": true, "gone": null}, "skip": null}');
    const schema = z.object({ skip: z.string().optional() });
    const dropped = dropNullFields(args, schema) as Record<string, unknown>;
    expect(Object.getPrototypeOf(dropped)).toBe(Object.prototype);
    expect(Object.hasOwn(dropped, "__proto__")).toBe(true);
    expect(Object.keys(dropped)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("GIVEN arguments without a null field WHEN they are read THEN they are the same object, not a copy", () => {
    const args = { workdir: "/srv/shop", specs: [{ name: "cart", added: [requirement] }] };
    const schema = z.object({
      workdir: z.string(),
      specs: z.array(z.object({ name: z.string() }).loose()),
    });
    expect(dropNullFields(args, schema)).toBe(args);
  });
});
