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

  // Callers written for the earlier Hermes plugin match these words in the error.
  it.each([
    [
      "../escape",
      'The spec name "../escape" is not kebab-case: it contains parent references ("..").',
    ],
    ["with/slash", 'The spec name "with/slash" is not kebab-case: it contains a slash.'],
    [".hidden", 'The spec name ".hidden" is not kebab-case: it starts with a dot.'],
    ["has_underscore", 'The spec name "has_underscore" is not kebab-case.'],
  ])(
    "GIVEN the new name %j WHEN checked THEN the error says it is not kebab-case and why",
    (name, error) => {
      expect(checkNewName("spec", name)?.error).toBe(error);
    },
  );

  it("GIVEN a spec id that climbs out WHEN checked THEN the error names the parent references", () => {
    expect(checkSpecId("../../../etc/passwd")?.error).toBe(
      'The spec id "../../../etc/passwd" contains parent references ("..").',
    );
    expect(checkSegment("change", "..")?.error).toBe(
      'The change name ".." contains parent references ("..").',
    );
  });
});
