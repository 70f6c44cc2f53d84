import { describe, expect, it } from "vitest";
import { parseBridgeRequest } from "./parse-bridge-request.js";

describe("parseBridgeRequest", () => {
  it.each([
    [
      '{"id": 1, "tool": "openspec_list", "args": {"kind": "specs"}}',
      { kind: "tool", id: 1, tool: "openspec_list", args: { kind: "specs" } },
    ],
    [
      '{"id": "a", "tool": "openspec_source_list"}',
      { kind: "tool", id: "a", tool: "openspec_source_list", args: undefined },
    ],
    ['{"id": "b", "op": "cli_status"}', { kind: "operation", id: "b", op: "cli_status" }],
  ])("GIVEN %s WHEN parsed THEN it is a request", (line, request) => {
    expect(parseBridgeRequest(line)).toEqual({ ok: true, request });
  });

  it.each([
    ["{", null],
    ['"just a string"', null],
    ['{"id": {"nested": 1}, "op": "ping"}', null],
    ['{"id": "", "op": "ping"}', null],
    ['{"id": 3, "op": "shutdown"}', 3],
    ['{"id": 4, "tool": 12}', 4],
  ])("GIVEN %s WHEN parsed THEN it is refused, addressed to id %s", (line, id) => {
    expect(parseBridgeRequest(line)).toMatchObject({ ok: false, id, error: expect.any(String) });
  });
});
