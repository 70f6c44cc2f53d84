import { describe, expect, it } from "vitest";
import { changeToken, isToken, specToken } from "./artifact-token.js";

describe("artifact tokens", () => {
  it("GIVEN the change folder add-dark-mode WHEN its token is derived THEN it is os_243ec3", () => {
    expect(changeToken("add-dark-mode")).toBe("os_243ec3");
  });

  it("GIVEN the spec file agent-tools/spec.md WHEN its token is derived THEN it is os_a59eca", () => {
    expect(specToken("agent-tools/spec.md")).toBe("os_a59eca");
  });

  it("GIVEN strings of other shapes WHEN checked THEN only os_ with 6 to 64 lowercase hex digits is a token", () => {
    expect(isToken("os_243ec3")).toBe(true);
    expect(isToken("os_243ec3a1")).toBe(true);
    expect(isToken("os_243ec")).toBe(false);
    expect(isToken("os_XYZ123")).toBe(false);
    expect(isToken("add-dark-mode")).toBe(false);
  });
});
