import { describe, expect, it } from "vitest";
import { validateSourceName } from "./validate-source-name.js";

describe("validateSourceName", () => {
  it.each([
    ["empty", ""],
    ["whitespace only", " \t "],
    ["with a slash", "team/api"],
    ["with a backslash", "team\\api"],
    ["over 64 characters", "a".repeat(65)],
    ["with a newline", "api\nweb"],
    ["with a NUL byte", "api\0"],
    ["with leading whitespace", " api"],
    ["with trailing whitespace", "api "],
    ["shaped like a token", "os_1a2b3c"],
    ["starting with os_ and a hex digit in capitals", "OS_Beta"],
    ["with a zero-width space (U+200B)", "bil\u200bling"],
    ["with a right-to-left override (U+202E)", "\u202egnillib"],
    ["with a byte order mark (U+FEFF)", "\ufeffbilling"],
    ["with a zero-width joiner (U+200D)", "bill\u200ding"],
  ])(
    "GIVEN a name %s WHEN validating THEN it fails with invalid_name and a message saying what to fix",
    (_, name) => {
      const result = validateSourceName(name);

      expect(result).toMatchObject({ ok: false, code: "invalid_name" });
      expect(result.ok ? "" : result.error).toMatch(/;/);
    },
  );

  it.each([
    ["64 characters", "a".repeat(64)],
    ["64 characters outside the BMP", "😀".repeat(64)],
    ["an inner space", "billing api"],
    ["os_ followed by a non-hex letter", "os_zeta"],
    ["unicode letters", "Zahlungsverkehr-Ä"],
  ])("GIVEN a name with %s WHEN validating THEN it is accepted unchanged", (_, name) => {
    expect(validateSourceName(name)).toEqual({ ok: true, name });
  });
});

describe("validateSourceName and invisible characters", () => {
  it("GIVEN a name that looks like billing but holds U+200B WHEN validating THEN the message names the code point", () => {
    const result = validateSourceName("bil\u200bling");

    expect(result.ok ? "" : result.error).toContain("U+200B");
  });
});
