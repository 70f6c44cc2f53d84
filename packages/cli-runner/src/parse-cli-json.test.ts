import { describe, expect, it } from "vitest";
import { parseCliJson } from "./parse-cli-json.js";

describe("parseCliJson", () => {
  it("GIVEN a pretty-printed object with a trailing newline WHEN parsing THEN returns the object", () => {
    expect(parseCliJson('{\n  "changes": []\n}\n')).toEqual({ changes: [] });
  });

  it("GIVEN the array printed by schemas --json WHEN parsing THEN returns the array", () => {
    expect(parseCliJson('[{"name":"spec-driven"}]')).toEqual([{ name: "spec-driven" }]);
  });

  it.each([
    ["human text", "No changes found."],
    ["a bare number that is valid JSON", "42"],
    ["a JSON string", '"text"'],
    ["a cut-off document", '{"changes": ['],
    ["empty output", ""],
  ])("GIVEN %s WHEN parsing THEN it is not a document", (_, text) => {
    expect(parseCliJson(text)).toBeUndefined();
  });
});
