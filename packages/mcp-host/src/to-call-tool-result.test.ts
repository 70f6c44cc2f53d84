import { describe, expect, it } from "vitest";
import { toCallToolResult } from "./to-call-tool-result.js";

describe("toCallToolResult", () => {
  it("GIVEN a success WHEN mapped THEN structuredContent is the result itself and the only text block is its JSON", () => {
    const result = { ok: true as const, specs: ["auth"], change: null };
    expect(toCallToolResult(result)).toEqual({
      content: [{ type: "text", text: '{"ok":true,"specs":["auth"],"change":null}' }],
      structuredContent: result,
    });
  });

  it("GIVEN a failure with a fix WHEN mapped THEN isError is set and the text gives code, error, fix and then the JSON", () => {
    const failure = {
      ok: false as const,
      code: "spec_exists" as const,
      error: "The spec checkout already exists.",
      fix: "Pass force: true to replace it.",
      path: "openspec/specs/checkout/spec.md",
    };
    const mapped = toCallToolResult(failure);
    expect(mapped.isError).toBe(true);
    expect(mapped.structuredContent).toBe(failure);
    expect(mapped.content).toEqual([
      {
        type: "text",
        text: `spec_exists: The spec checkout already exists.\nFix: Pass force: true to replace it.\n${JSON.stringify(failure)}`,
      },
    ]);
  });

  it("GIVEN a failure without a fix WHEN mapped THEN the text has no Fix line", () => {
    const mapped = toCallToolResult({
      ok: false,
      code: "timeout",
      error: "The CLI ran longer than 120 s.",
    });
    expect(mapped.content).toEqual([
      {
        type: "text",
        text: 'timeout: The CLI ran longer than 120 s.\n{"ok":false,"code":"timeout","error":"The CLI ran longer than 120 s."}',
      },
    ]);
  });
});
