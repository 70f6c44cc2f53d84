import { describe, expect, it } from "vitest";
import { leadingBridgeId, parseBridgeRequest } from "./parse-bridge-request.js";

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

describe("leadingBridgeId", () => {
  it.each([
    ['{"id": "t12", "tool": "openspec_spec_create", "args": {"purpose": "', "t12"],
    ['  {"id":42,"tool":', 42],
    ['{"id": "a \\"quoted\\" id", "op"', 'a "quoted" id'],
  ])("GIVEN the first bytes %s WHEN read THEN the id is %j", (head, id) => {
    expect(leadingBridgeId(head)).toBe(id);
  });

  it.each([
    '{"tool": "x", "id": 1}',
    '{"id": {"nested": 1}}',
    '{"id": ""',
    "[1, 2",
    '{"id": "unterminated',
  ])("GIVEN the first bytes %s WHEN read THEN there is no id to answer", (head) => {
    expect(leadingBridgeId(head)).toBeNull();
  });
});
