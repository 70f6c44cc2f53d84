import { describe, expect, it } from "vitest";
import { checkNewName, checkSegment, checkSpecId } from "./check-name.js";

describe("name checks", () => {
  it.each(["..", ".hidden", "a/b", "a\\b", "-rf", "", "   ", "a\u0000b", "/etc", "x".repeat(129)])(
    "GIVEN the name %j WHEN checked as a folder name THEN it is refused with invalid_name",
    (name) => {
      expect(checkSegment("spec", name)?.code).toBe("invalid_name");
    },
  );

  it("GIVEN a plain existing folder name WHEN checked THEN it passes", () => {
    expect(checkSegment("change", "2024-01-05-add-auth")).toBeNull();
    expect(checkSegment("spec", "User_Auth")).toBeNull();
  });

  it("GIVEN names that are not kebab-case WHEN checked as new names THEN they are refused with a fix", () => {
    expect(checkNewName("spec", "User_Auth")?.fix).toMatch(/kebab|lowercase/i);
    expect(checkNewName("spec", "double--hyphen")?.code).toBe("invalid_name");
    expect(checkNewName("spec", "user-auth")).toBeNull();
  });

  it("GIVEN nested and escaping spec ids WHEN checked THEN only relative safe segments pass", () => {
    expect(checkSpecId("platform/session")).toBeNull();
    expect(checkSpecId("platform/../etc")?.code).toBe("invalid_name");
    expect(checkSpecId("/abs")?.code).toBe("invalid_name");
    expect(checkSpecId("a//b")?.code).toBe("invalid_name");
  });
});
