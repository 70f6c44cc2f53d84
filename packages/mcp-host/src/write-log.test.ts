import { describe, expect, it } from "vitest";
import { logLine } from "./write-log.js";

describe("logLine", () => {
  it("WHEN an event's message spans lines THEN it is folded onto one prefixed line", () => {
    expect(logLine('protocol error: [\n  {\n    "code": "invalid_union"\n  }\n]')).toBe(
      '[openspec-mcp] protocol error: [ { "code": "invalid_union" } ]',
    );
  });

  it("WHEN an event's message is huge THEN the line is cut and says how long it was", () => {
    const line = logLine("x".repeat(5000));
    expect(line.length).toBeLessThan(1100);
    expect(line).toMatch(/… \(5000 characters\)$/);
  });
});
