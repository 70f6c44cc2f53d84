import { describe, expect, it } from "vitest";
import { earlyRequest } from "./early-request.js";

const line = (message: unknown) => JSON.stringify(message);
const initialize = (params: unknown, extra: Record<string, unknown> = {}) =>
  line({ jsonrpc: "2.0", id: 1, method: "initialize", params, ...extra });
const clientInfo = { name: "c", version: "1" };

describe("earlyRequest: which messages the bin may take before the SDK loads", () => {
  it("GIVEN the usual opening of a session THEN initialize, initialized and tools/list are taken", () => {
    expect(
      earlyRequest(initialize({ protocolVersion: "2025-06-18", capabilities: {}, clientInfo })),
    ).toEqual({ method: "initialize", id: 1, protocolVersion: "2025-06-18" });
    expect(earlyRequest(line({ jsonrpc: "2.0", method: "notifications/initialized" }))).toEqual({
      method: "notifications/initialized",
    });
    expect(earlyRequest(line({ jsonrpc: "2.0", id: "a", method: "tools/list" }))).toEqual({
      method: "tools/list",
      id: "a",
    });
  });

  it.each([
    ["not JSON", "{"],
    ["another method", line({ jsonrpc: "2.0", id: 1, method: "ping" })],
    ["a wrong jsonrpc", line({ jsonrpc: "1.0", id: 1, method: "tools/list" })],
    ["a fractional id", line({ jsonrpc: "2.0", id: 1.5, method: "tools/list" })],
    ["a key beside the four", line({ jsonrpc: "2.0", id: 1, method: "tools/list", x: 1 })],
    ["a cursor", line({ jsonrpc: "2.0", id: 1, method: "tools/list", params: { cursor: "c" } })],
    ["_meta", initialize({ protocolVersion: "v", capabilities: {}, clientInfo, _meta: {} })],
    [
      "a numeric protocol version",
      initialize({ protocolVersion: 1, capabilities: {}, clientInfo }),
    ],
    ["no clientInfo", initialize({ protocolVersion: "v", capabilities: {} })],
    [
      "clientInfo with icons",
      initialize({
        protocolVersion: "v",
        capabilities: {},
        clientInfo: { ...clientInfo, icons: [] },
      }),
    ],
    [
      "an experimental capability",
      initialize({ protocolVersion: "v", capabilities: { experimental: {} }, clientInfo }),
    ],
    [
      "sampling with context",
      initialize({ protocolVersion: "v", capabilities: { sampling: { context: {} } }, clientInfo }),
    ],
    [
      "roots.listChanged not a boolean",
      initialize({ protocolVersion: "v", capabilities: { roots: { listChanged: 1 } }, clientInfo }),
    ],
    [
      "an initialized notification with an id",
      line({ jsonrpc: "2.0", id: 1, method: "notifications/initialized" }),
    ],
  ])("GIVEN %s THEN it is left to the SDK", (_what, text) => {
    expect(earlyRequest(text)).toBeUndefined();
  });
});
