import { type IncomingMessage, request } from "node:http";
import { describe, expect, it } from "vitest";
import { startHttpServer } from "./start-http-server.js";
import { INITIALIZE, rawRequest, useHttpServers } from "./test-support/http-harness.js";

const PROTOCOL = "2025-06-18";

/** Initializes a session over raw HTTP with the token; returns its status and session id. */
async function initialize(url: string, secret: string | undefined) {
  const answer = await rawRequest(url, {
    body: INITIALIZE,
    headers: secret === undefined ? {} : { authorization: `Bearer ${secret}` },
  });
  const sessionId = answer.headers.get("mcp-session-id") ?? "";
  if (answer.status === 200) {
    await rawRequest(url, {
      body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      headers: {
        "mcp-session-id": sessionId,
        "mcp-protocol-version": PROTOCOL,
        ...(secret === undefined ? {} : { authorization: `Bearer ${secret}` }),
      },
    });
  }
  return { status: answer.status, body: answer.body, sessionId };
}

/** Sends ping in a session; returns the HTTP status (404 once the session is gone). */
async function ping(url: string, sessionId: string | undefined, secret: string) {
  const answer = await rawRequest(url, {
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "ping" }),
    headers: {
      authorization: `Bearer ${secret}`,
      "mcp-session-id": sessionId ?? "",
      "mcp-protocol-version": PROTOCOL,
    },
  });
  return answer.status;
}

/** Opens the session's GET stream; `ended` settles when the server ends it. */
function openStream(url: string, sessionId: string, secret: string | undefined) {
  const target = new URL(url);
  return new Promise<{ response: IncomingMessage; ended: Promise<void> }>((resolve, reject) => {
    const sent = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: "GET",
        headers: {
          accept: "text/event-stream",
          "mcp-session-id": sessionId,
          "mcp-protocol-version": PROTOCOL,
          ...(secret === undefined ? {} : { authorization: `Bearer ${secret}` }),
        },
      },
      (response) => {
        const ended = new Promise<void>((done) => {
          response.on("close", () => done());
          response.on("error", () => done());
        });
        response.resume();
        resolve({ response, ended });
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

describe("HTTP sessions: per-token limits, revocation and idle streams", () => {
  const startServer = useHttpServers();

  it("GIVEN a token at its session cap, each session with its stream open WHEN it initializes again THEN 429 with a fix, while another token still opens a session, and ending one frees a slot", async () => {
    const http = await startServer({ maxSessionsPerToken: 3 });
    const greedy = http.token("greedy", true);
    const held = [];
    for (let index = 0; index < 3; index += 1) {
      const session = await initialize(http.server.url, greedy);
      await openStream(http.server.url, session.sessionId, greedy);
      held.push(session);
    }

    const over = await initialize(http.server.url, greedy);
    const other = await initialize(http.server.url, http.token("colleague"));
    await rawRequest(http.server.url, {
      method: "DELETE",
      headers: {
        authorization: `Bearer ${greedy}`,
        "mcp-session-id": held[0]?.sessionId ?? "",
        "mcp-protocol-version": PROTOCOL,
      },
    });
    const afterEnding = await initialize(http.server.url, greedy);

    expect(held.map((session) => session.status)).toEqual([200, 200, 200]);
    expect(over.status).toBe(429);
    expect(JSON.parse(over.body).error.message).toMatch(
      /holds 3 sessions already, each with a request or stream open; end one/,
    );
    expect(other.status).toBe(200);
    expect(afterEnding.status).toBe(200);
    expect(http.server.sessionCount()).toBe(4);
  });

  it("GIVEN a token at its session cap whose clients went away without DELETE (no request, no stream open) WHEN it initializes again THEN the session unheard from longest gives way, and the others, the one with a stream among them, still answer", async () => {
    const http = await startServer({ maxSessionsPerToken: 3 });
    const secret = http.token("langchain-app");
    const left = [];
    for (let index = 0; index < 3; index += 1) left.push(await initialize(http.server.url, secret));
    const [first, second, third] = left.map((session) => session.sessionId);
    // The first is used again, so the second is the one unheard from longest; the third keeps its stream.
    const pingFirst = await ping(http.server.url, first, secret);
    const stream = await openStream(http.server.url, third ?? "", secret);

    const again = await initialize(http.server.url, secret);
    const andAgain = await initialize(http.server.url, secret);

    expect(pingFirst).toBe(200);
    expect(again.status).toBe(200);
    expect(await ping(http.server.url, second, secret)).toBe(404);
    expect(andAgain.status).toBe(200);
    expect(await ping(http.server.url, first, secret)).toBe(404);
    expect(await ping(http.server.url, third, secret)).toBe(200);
    expect(stream.response.statusCode).toBe(200);
    expect(http.server.sessionCount()).toBe(3);
  });

  it("GIVEN a token whose sessions hold open streams and fill the server WHEN another process revokes it THEN its streams end, its sessions go, and another token gets a session", async () => {
    const http = await startServer({ maxSessions: 2 });
    const revoked = http.token("laptop", true);
    const streams = [];
    for (let index = 0; index < 2; index += 1) {
      const session = await initialize(http.server.url, revoked);
      streams.push(await openStream(http.server.url, session.sessionId, revoked));
    }
    const colleague = http.token("colleague");
    const whileFull = await initialize(http.server.url, colleague);

    http.revoke("laptop");
    await Promise.all(streams.map((stream) => stream.ended));
    const afterRevoke = await initialize(http.server.url, colleague);

    expect(streams.map((stream) => stream.response.statusCode)).toEqual([200, 200]);
    expect(whileFull.status).toBe(503);
    expect(afterRevoke.status).toBe(200);
    expect(http.server.sessionCount()).toBe(1);
  });

  it("GIVEN a short idle timeout WHEN a session only holds its GET stream open THEN the server ends the stream and the session", async () => {
    const http = await startServer({ noAuth: true, idleTimeoutMs: 300 });
    const session = await initialize(http.server.url, undefined);
    const stream = await openStream(http.server.url, session.sessionId, undefined);

    await stream.ended;

    expect(stream.response.statusCode).toBe(200);
    await expect.poll(() => http.server.sessionCount(), { timeout: 10_000 }).toBe(0);
  });

  it("GIVEN a server named replica-2 among replicas WHEN a client initializes THEN its session id starts with replica-2. and the session answers by that id; a name a proxy cannot route by is refused at start", async () => {
    const http = await startServer({ replicaName: "replica-2" });
    const secret = http.token("laptop");
    const opened = await initialize(http.server.url, secret);
    const listed = await rawRequest(http.server.url, {
      body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" }),
      headers: {
        authorization: `Bearer ${secret}`,
        "mcp-session-id": opened.sessionId,
        "mcp-protocol-version": PROTOCOL,
      },
    });
    const refused = await startHttpServer({ port: 0, log: () => {}, replicaName: "Replica 2" });

    expect(opened.status).toBe(200);
    expect(opened.sessionId).toMatch(/^replica-2\.[0-9a-f-]{36}$/);
    expect(listed.status).toBe(200);
    expect(refused).toEqual(
      expect.objectContaining({
        ok: false,
        code: "invalid_setting",
        fix: expect.stringContaining("OPENSPEC_AGENT_REPLICA"),
      }),
    );
  });
});
