import { describe, expect, it } from "vitest";
import { validatorOnFirstUse } from "./validator-on-first-use.js";

describe("the JSON Schema validator made on first use", () => {
  it("GIVEN a schema WHEN values are checked against it THEN the SDK's validator accepts what fits and names what does not", () => {
    const check = validatorOnFirstUse().getValidator<{ name: string }>({
      type: "object",
      properties: { name: { type: "string" } },
      required: ["name"],
    });
    expect(check({ name: "shop" })).toMatchObject({ valid: true, data: { name: "shop" } });
    const refused = check({ name: 3 });
    expect(refused.valid).toBe(false);
    expect(refused.errorMessage).toContain("name");
  });
});
