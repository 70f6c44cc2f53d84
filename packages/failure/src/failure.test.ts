import { describe, expect, expectTypeOf, it } from "vitest";
import { type Failure, failure } from "./index.js";

describe("failure", () => {
  it("GIVEN a code, an error and a fix WHEN a failure is built THEN it reads ok, code, error, fix in that order", () => {
    const built = failure("not_found", "Nothing is there.", "Look elsewhere.");
    expect(built).toEqual({
      ok: false,
      code: "not_found",
      error: "Nothing is there.",
      fix: "Look elsewhere.",
    });
    expect(Object.keys(built)).toEqual(["ok", "code", "error", "fix"]);
  });

  it("GIVEN no fix WHEN a failure is built THEN it has no fix key at all, so JSON does not carry fix: undefined", () => {
    const built = failure("busy", "Try again.");
    expect(Object.keys(built)).toEqual(["ok", "code", "error"]);
    expect("fix" in built).toBe(false);
  });

  it("GIVEN extra fields WHEN a failure is built THEN they follow the four shared fields and keep their types", () => {
    const built = failure("ambiguous", "Two match.", undefined, { candidates: ["a", "b"] });
    expect(Object.keys(built)).toEqual(["ok", "code", "error", "candidates"]);
    expectTypeOf(built.candidates).toEqualTypeOf<string[]>();
  });

  it("GIVEN a package's code union WHEN Failure is narrowed to it THEN a code outside the union does not type-check, and there is no message field", () => {
    type Code = "a_failed" | "b_failed";
    expectTypeOf<Failure<Code>["code"]>().toEqualTypeOf<Code>();
    expectTypeOf<"c_failed">().not.toExtend<Failure<Code>["code"]>();
    expectTypeOf<Failure<Code>>().not.toHaveProperty("message");
    // @ts-expect-error a code outside the union is refused
    const wrong: Failure<Code> = { ok: false, code: "c_failed", error: "x" };
    expect(wrong.ok).toBe(false);
  });
});
