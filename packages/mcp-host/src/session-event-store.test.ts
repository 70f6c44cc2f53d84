import { request } from "node:http";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { makeOpenSpecRepository } from "@org/test-kit";
import { describe, expect, it } from "vitest";
import { SSE_RETRY_MS } from "./http-sessions.js";
import { createSessionEventStore } from "./session-event-store.js";
import { rawRequest, useHttpServers } from "./test-support/http-harness.js";

/** The protocol version from which the SDK primes a stream with an event id (empty data). */
const RESUMABLE_PROTOCOL = "2025-11-25";

const note = (index: number): JSONRPCMessage => ({
  jsonrpc: "2.0",
  method: "notifications/message",
  params: { level: "info", data: `line ${index}` },
});

type SseEvent = { id?: string; retry?: string; data: string };

/** Reads SSE events from a raw response until `stop` says so; then drops the connection. */
function readEvents(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
  stop: (events: SseEvent[]) => boolean,
): Promise<{ status: number; events: SseEvent[] }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const sent = request(
      { host: target.hostname, port: target.port, path: target.pathname, ...init },
      (response) => {
        const events: SseEvent[] = [];
        let buffer = "";
        const finish = () => {
          response.destroy();
          resolve({ status: response.statusCode ?? 0, events });
        };
        if (response.statusCode !== 200) {
          response.resume();
          response.on("end", finish);
          return;
        }
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          buffer += chunk;
          for (;;) {
            const end = buffer.indexOf("\n\n");
            if (end < 0) break;
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event: SseEvent = { data: "" };
            for (const line of block.split("\n")) {
              const [field, ...rest] = line.split(":");
              const value = rest.join(":").replace(/^ /, "");
              if (field === "id") event.id = value;
              if (field === "retry") event.retry = value;
              if (field === "data") event.data += value;
            }
            if (block.startsWith(":")) continue; // a keep-alive comment
            events.push(event);
            if (stop(events)) return finish();
          }
        });
        response.on("end", finish);
      },
    );
    sent.on("error", reject);
    sent.end(init.body);
  });
}

describe("resumable SSE streams", () => {
  const startServer = useHttpServers();

  it("GIVEN more events than a session keeps WHEN they are stored THEN only the newest within the count and byte bounds remain, and a resume from an evicted one is refused", async () => {
    const store = createSessionEventStore(10, 2000);
    const ids: string[] = [];
    for (let index = 0; index < 50; index += 1) ids.push(await store.storeEvent("s", note(index)));
    const replayed: string[] = [];
    const stream = await store.replayEventsAfter(ids[45] ?? "", {
      send: async (id) => {
        replayed.push(id);
      },
    });

    expect(store.size).toBeLessThanOrEqual(10);
    expect(store.bytes).toBeLessThanOrEqual(2000);
    expect(stream).toBe("s");
    expect(replayed).toEqual(ids.slice(46));
    expect(await store.getStreamIdForEventId?.(ids[0] ?? "")).toBeUndefined();
    const big = await store.storeEvent("s", { ...note(0), params: { data: "x".repeat(5000) } });
    expect(await store.getStreamIdForEventId?.(big)).toBeUndefined();
    expect(store.bytes).toBeLessThanOrEqual(2000);
  });

  it("GIVEN two streams in one session WHEN one is resumed THEN only its own later events come back, in order", async () => {
    const store = createSessionEventStore();
    const first = await store.storeEvent("a", note(1));
    await store.storeEvent("b", note(2));
    const third = await store.storeEvent("a", note(3));
    const sent: string[] = [];

    await store.replayEventsAfter(first, { send: async (id) => void sent.push(id) });

    expect(sent).toEqual([third]);
  });

  it("GIVEN a tool call whose SSE stream drops after the first event WHEN the client reconnects with Last-Event-ID THEN the stream was primed with an id and retry, and the answer arrives on the new stream", async () => {
    const http = await startServer({ noAuth: true });
    const repository = makeOpenSpecRepository();
    const init = await rawRequest(http.server.url, {
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: {
          protocolVersion: RESUMABLE_PROTOCOL,
          capabilities: {},
          clientInfo: { name: "raw", version: "0" },
        },
      }),
    });
    const sessionId = init.headers.get("mcp-session-id") ?? "";
    const headers = {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-session-id": sessionId,
      "mcp-protocol-version": RESUMABLE_PROTOCOL,
    };
    await rawRequest(http.server.url, {
      headers,
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
    });

    const dropped = await readEvents(
      http.server.url,
      {
        method: "POST",
        headers,
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 7,
          method: "tools/call",
          params: { name: "openspec_list", arguments: { workdir: repository } },
        }),
      },
      (events) => events.length === 1,
    );
    const priming = dropped.events[0];
    const resumed = await readEvents(
      http.server.url,
      { method: "GET", headers: { ...headers, "last-event-id": priming?.id ?? "" } },
      (events) => events.some((event) => event.data.includes('"id":7')),
    );

    expect(priming).toMatchObject({
      id: expect.any(String),
      retry: String(SSE_RETRY_MS),
      data: "",
    });
    expect(resumed.status).toBe(200);
    const answer = resumed.events.find((event) => event.data.includes('"id":7'));
    expect(answer?.id).toEqual(expect.any(String));
    expect(JSON.parse(answer?.data ?? "{}").result.structuredContent).toMatchObject({ ok: true });
  });
});
