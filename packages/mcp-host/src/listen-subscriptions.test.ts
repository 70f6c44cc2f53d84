import { mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REAL_OPENSPEC_BIN, temporaryFolder } from "@org/test-kit";
import { describe, expect, it } from "vitest";
import { eventually } from "./test-support/eventually.js";
import { type TestHttpServer, useHttpServers } from "./test-support/http-harness.js";

const startServer = useHttpServers();
const REVISION = "2026-07-28";
const SUBSCRIPTION_ID = "io.modelcontextprotocol/subscriptionId";

const envelope = {
  "io.modelcontextprotocol/protocolVersion": REVISION,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "listen-test", version: "0" },
};

type Message = { method?: string; params?: Record<string, unknown>; id?: unknown } & Record<
  string,
  unknown
>;

/** One open subscriptions/listen stream, read as it arrives. */
type Stream = {
  status: number;
  /** Every message received so far, in order. */
  messages: Message[];
  /** The refusal, when the server answered with JSON rather than a stream. */
  refusal: Message | undefined;
  /** Whether the server ended the stream. */
  ended(): boolean;
  close(): void;
  /** The notifications of one method received so far. */
  of(method: string): Message[];
};

let nextId = 1;

/** A 2026-07-28 request by hand: the envelope, the standard headers, no session. */
function send(
  url: string,
  method: string,
  params: Record<string, unknown>,
  secret: string,
  signal?: AbortSignal,
) {
  return fetch(url, {
    method: "POST",
    ...(signal === undefined ? {} : { signal }),
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${secret}`,
      "mcp-protocol-version": REVISION,
      "mcp-method": method,
      ...(typeof params.name === "string" ? { "mcp-name": params.name } : {}),
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: nextId++,
      method,
      params: { ...params, _meta: envelope },
    }),
  });
}

/** Opens a listen stream and reads it in the background; resolves once the server answered. */
async function listen(
  http: TestHttpServer,
  secret: string,
  notifications: Record<string, unknown>,
): Promise<Stream> {
  const aborted = new AbortController();
  const response = await send(
    http.server.url,
    "subscriptions/listen",
    { notifications },
    secret,
    aborted.signal,
  );
  const messages: Message[] = [];
  let ended = false;
  let refusal: Message | undefined;
  if (!(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    refusal = (await response.json()) as Message;
    ended = true;
  } else {
    void (async () => {
      const decoder = new TextDecoder();
      let buffered = "";
      try {
        for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
          buffered += decoder.decode(chunk, { stream: true });
          let end = buffered.indexOf("\n\n");
          while (end !== -1) {
            const event = buffered.slice(0, end);
            buffered = buffered.slice(end + 2);
            for (const line of event.split("\n"))
              if (line.startsWith("data:")) messages.push(JSON.parse(line.slice(5)) as Message);
            end = buffered.indexOf("\n\n");
          }
        }
      } catch {
        // Aborted by the test.
      }
      ended = true;
    })();
  }
  return {
    status: response.status,
    messages,
    refusal,
    ended: () => ended,
    close: () => aborted.abort(),
    of: (method) => messages.filter((message) => message.method === method),
  };
}

/** Waits for the stream's acknowledgement and returns it. */
async function acknowledged(stream: Stream): Promise<Message> {
  await eventually(
    () => stream.of("notifications/subscriptions/acknowledged").length > 0,
    "the listen stream's acknowledgement",
  );
  return stream.of("notifications/subscriptions/acknowledged")[0] as Message;
}

const SPEC = (what: string) =>
  `# ${what}\n\n## Purpose\n${what}.\n\n## Requirements\n### Requirement: ${what}\nThe system SHALL ${what}.\n\n#### Scenario: ok\n- **WHEN** it runs\n- **THEN** it works\n`;

/** A registered repository with the specs `auth` and `billing`; returns its folder. */
async function registered(http: TestHttpServer, secret: string): Promise<string> {
  const root = temporaryFolder("listen-repo-");
  for (const spec of ["auth", "billing"]) {
    mkdirSync(join(root, "openspec", "specs", spec), { recursive: true });
    writeFileSync(join(root, "openspec", "specs", spec, "spec.md"), SPEC(spec));
  }
  mkdirSync(join(root, "openspec", "changes"), { recursive: true });
  const added = await send(
    http.server.url,
    "tools/call",
    { name: "openspec_source_add", arguments: { path: root, name: "shop" } },
    secret,
  );
  expect(await added.text()).toMatch(/"ok":true/);
  return root;
}

const AUTH = "openspec://shop/specs/auth";
const BILLING = "openspec://shop/specs/billing";
const UPDATED = "notifications/resources/updated";

describe("GIVEN the HTTP server and 2026-07-28 clients listening with subscriptions/listen", () => {
  it("WHEN two streams list one spec and it is edited on disk THEN each is acknowledged with its id and gets exactly one resources/updated", async () => {
    const http = await startServer();
    const secret = http.token("laptop");
    const root = await registered(http, secret);
    const both = await listen(http, secret, { resourceSubscriptions: [AUTH, BILLING] });
    const one = await listen(http, secret, { resourceSubscriptions: [AUTH] });
    try {
      const ack = await acknowledged(both);
      expect(ack.params).toMatchObject({
        notifications: { resourceSubscriptions: [AUTH, BILLING] },
        _meta: { [SUBSCRIPTION_ID]: expect.anything() },
      });
      expect((await acknowledged(one)).params?._meta).toMatchObject({
        [SUBSCRIPTION_ID]: expect.anything(),
      });
      const idOf = (stream: Stream) => {
        const meta = stream.of("notifications/subscriptions/acknowledged")[0]?.params?._meta;
        return (meta as Record<string, unknown> | undefined)?.[SUBSCRIPTION_ID];
      };
      expect(idOf(both)).not.toEqual(idOf(one));

      writeFileSync(join(root, "openspec", "specs", "auth", "spec.md"), SPEC("auth again"));
      await eventually(
        () => both.of(UPDATED).length > 0 && one.of(UPDATED).length > 0,
        "resources/updated for the edited spec on both streams",
      );
      // A later change is the fence: anything sent twice for the first edit came before it.
      writeFileSync(join(root, "openspec", "specs", "billing", "spec.md"), SPEC("billing again"));
      await eventually(() => both.of(UPDATED).length > 1, "resources/updated for the second spec");
      expect(both.of(UPDATED).map((message) => message.params?.uri)).toEqual([AUTH, BILLING]);
      expect(one.of(UPDATED).map((message) => message.params?.uri)).toEqual([AUTH]);
      expect(one.of(UPDATED)[0]?.params?._meta).toMatchObject({ [SUBSCRIPTION_ID]: idOf(one) });
    } finally {
      both.close();
      one.close();
    }
  });

  it("WHEN the OpenSpec CLI disappears THEN only the stream that opted in to toolsListChanged hears tools/list_changed", async () => {
    const binDir = join(temporaryFolder("listen-bin-"), "bin");
    mkdirSync(binDir);
    symlinkSync(REAL_OPENSPEC_BIN, join(binDir, "openspec"));
    const http = await startServer({
      availabilityCheckMs: 100,
      extraEnv: { OPENSPEC_BIN: join(binDir, "openspec") },
    });
    const secret = http.token("laptop");
    const tools = await listen(http, secret, { toolsListChanged: true, promptsListChanged: true });
    const resources = await listen(http, secret, { resourcesListChanged: true });
    try {
      await acknowledged(tools);
      await acknowledged(resources);
      rmSync(binDir, { recursive: true });
      await eventually(
        () => tools.of("notifications/tools/list_changed").length > 0,
        "tools/list_changed after the CLI went away",
      );
      // A spec created is the fence: the second stream hears of it, and never of the tools.
      await registered(http, secret);
      await eventually(
        () => resources.of("notifications/resources/list_changed").length > 0,
        "resources/list_changed after a source was registered",
      );
      expect(resources.of("notifications/tools/list_changed")).toEqual([]);
      expect(tools.of("notifications/tools/list_changed")).toHaveLength(1);
      expect(tools.of("notifications/resources/list_changed")).toEqual([]);
    } finally {
      tools.close();
      resources.close();
    }
  });

  it("WHEN a stream lists a resource that does not exist or is not one of ours THEN it is refused, naming the URI, and takes no place", async () => {
    const http = await startServer({ maxSubscriptionsPerToken: 1 });
    const secret = http.token("laptop");
    await registered(http, secret);
    for (const uri of ["openspec://shop/specs/nothing", "https://example.com/x"]) {
      const refused = await listen(http, secret, { resourceSubscriptions: [uri] });
      expect(refused.status, uri).toBe(400);
      expect(refused.refusal?.error, uri).toMatchObject({ code: -32602, data: { uri } });
    }
    // The token's one place is still free.
    const stream = await listen(http, secret, { resourceSubscriptions: [AUTH] });
    try {
      await acknowledged(stream);
    } finally {
      stream.close();
    }
  });

  it("WHEN streams ask for more places than a stream, a token or the server may hold THEN they are refused with subscription_limit, and closing a stream gives its places back", async () => {
    const http = await startServer({
      maxSubscriptionsPerSession: 3,
      maxSubscriptionsPerToken: 4,
      maxSubscriptions: 5,
    });
    const secret = http.token("laptop");
    const other = http.token("desktop");
    const root = await registered(http, secret);
    for (const spec of ["cart", "search"]) {
      mkdirSync(join(root, "openspec", "specs", spec), { recursive: true });
      writeFileSync(join(root, "openspec", "specs", spec, "spec.md"), SPEC(spec));
    }
    const uri = (spec: string) => `openspec://shop/specs/${spec}`;
    const four = [uri("auth"), uri("billing"), uri("cart"), uri("search")];

    const tooMany = await listen(http, secret, { resourceSubscriptions: four });
    expect(tooMany.status).toBe(400);
    expect(tooMany.refusal?.error).toMatchObject({
      code: -32600,
      data: { code: "subscription_limit", scope: "stream", limit: 3 },
    });

    const first = await listen(http, secret, { resourceSubscriptions: four.slice(0, 3) });
    await acknowledged(first);
    const beyondToken = await listen(http, secret, { resourceSubscriptions: four.slice(2) });
    expect(beyondToken.status).toBe(429);
    expect(beyondToken.refusal?.error).toMatchObject({
      data: { code: "subscription_limit", scope: "token", limit: 4 },
    });

    // A 2025 session of another token shares the server's count.
    const legacy = await http.connect(other);
    await legacy.subscribeResource({ uri: uri("auth") });
    const second = await listen(http, other, { resourceSubscriptions: [uri("billing")] });
    await acknowledged(second);
    const beyondServer = await listen(http, other, { resourceSubscriptions: [uri("cart")] });
    expect(beyondServer.status).toBe(429);
    expect(beyondServer.refusal?.error).toMatchObject({
      data: { code: "subscription_limit", scope: "server", limit: 5 },
    });

    first.close();
    second.close();
    await eventually(() => first.ended() && second.ended(), "both streams to end");
    const again = async () => {
      const stream = await listen(http, secret, { resourceSubscriptions: four.slice(0, 3) });
      if (stream.status === 200) stream.close();
      return stream.status;
    };
    // The server hears the close a moment after the client made it: ask until it has.
    let freed = false;
    let waiting = true;
    void (async () => {
      while (waiting && !freed) freed = (await again()) === 200;
    })();
    try {
      await eventually(() => freed, "the closed streams' places to be given back");
    } finally {
      waiting = false;
    }
  });

  it("WHEN a token holds as many streams as it may THEN one more is refused with 429", async () => {
    const http = await startServer({ maxSessionsPerToken: 2 });
    const secret = http.token("laptop");
    const streams = [
      await listen(http, secret, { toolsListChanged: true }),
      await listen(http, secret, { toolsListChanged: true }),
    ];
    try {
      for (const stream of streams) await acknowledged(stream);
      const third = await listen(http, secret, { toolsListChanged: true });
      expect(third.status).toBe(429);
      expect(third.refusal?.error).toMatchObject({
        data: { code: "subscription_limit", scope: "streams", limit: 2 },
      });
      const elsewhere = await listen(http, http.token("desktop"), { toolsListChanged: true });
      await acknowledged(elsewhere);
      elsewhere.close();
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it("WHEN the token of an open stream is revoked THEN the server ends the stream", async () => {
    const http = await startServer();
    const secret = http.token("laptop");
    const stream = await listen(http, secret, { toolsListChanged: true });
    await acknowledged(stream);
    http.revoke("laptop");
    await eventually(() => stream.ended(), "the revoked token's stream to end");
  });

  it("WHEN a GET arrives without a session THEN it is 405, since 2026-07-28 clients listen with a POST", async () => {
    const http = await startServer();
    const response = await fetch(http.server.url, {
      headers: { accept: "text/event-stream", authorization: `Bearer ${http.token("laptop")}` },
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});
