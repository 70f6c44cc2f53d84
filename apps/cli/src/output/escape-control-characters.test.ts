import { describe, expect, it } from "vitest";
import {
  escapeControlCharacters,
  escapeControlCharactersDeep,
} from "./escape-control-characters.js";

describe("escapeControlCharacters", () => {
  it("WHEN a name holds an escape sequence THEN it prints as visible text, not as a terminal command", () => {
    expect(escapeControlCharacters("evil\u001b[2J\u001b]0;owned\u0007")).toBe(
      "evil\\x1b[2J\\x1b]0;owned\\x07",
    );
  });

  it("WHEN text holds C1 controls or bidirectional overrides THEN they are made visible too", () => {
    expect(escapeControlCharacters("a\u009bb\u202ecba\u2066")).toBe("a\\x9bb\\u{202e}cba\\u{2066}");
  });

  it("WHEN text holds newlines, tabs and ordinary Unicode THEN it is unchanged", () => {
    expect(escapeControlCharacters("line one\n\tline two: café ✓")).toBe(
      "line one\n\tline two: café ✓",
    );
  });

  it("WHEN a result is escaped deeply THEN nested strings and keys are escaped and other values kept", () => {
    expect(
      escapeControlCharactersDeep({ ok: true, list: [{ "k\u001b": "v\u0007", n: 3 }], none: null }),
    ).toEqual({ ok: true, list: [{ "k\\x1b": "v\\x07", n: 3 }], none: null });
  });
});
