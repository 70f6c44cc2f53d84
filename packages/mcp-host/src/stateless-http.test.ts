import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { Client as LegacyClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as LegacyTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { toolCatalog, toolFailure, toolsets } from "@org/openspec-core";
import { openRegistry, revokeAccessToken } from "@org/openspec-registry";
import { temporaryFolder } from "@org/test-kit";
import { legacyClientValidator, modernClientValidator } from "@org/test-kit/mcp-client-validators";
import { describe, expect, it } from "vitest";
import { eventually } from "./test-support/eventually.js";
import { type TestHttpServer, useHttpServers } from "./test-support/http-harness.js";

const startServer = useHttpServers();
const REVISION = "2026-07-28";

/** The per-request envelope every 2026-07-28 request carries instead of a handshake. */
const envelope = {
  "io.modelcontextprotocol/protocolVersion": REVISION,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw-fetch", version: "0" },
};

type Answer = { status: number; headers: Headers; message: Record<string, unknown> | undefined };

/**
 * One 2026-07-28 request by hand, as a client without our SDK would send it:
 * the envelope in `_meta`, the standard headers, no session. The answer is
 * read whole, as JSON or as the SSE stream the server may upgrade to.
 */
async function post(
  url: string,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  meta: Record<string, unknown> = envelope,
): Promise<Answer> {
  const name = typeof params.name === "string" ? params.name : params.uri;
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": String(meta["io.modelcontextprotocol/protocolVersion"]),
      "mcp-method": method,
      ...(typeof name === "string" ? { "mcp-name": name } : {}),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params: { ...params, _meta: meta } }),
  });
  return {
    status: response.status,
    headers: response.headers,
    message: await readAnswer(response),
  };
}

/** The JSON-RPC answer in a JSON body or among an SSE stream's events. */
async function readAnswer(response: Response): Promise<Record<string, unknown> | undefined> {
  const text = await response.text();
  if (text === "") return undefined;
  if (!(response.headers.get("content-type") ?? "").includes("text/event-stream")) {
    return JSON.parse(text) as Record<string, unknown>;
  }
  const messages = text
    .split("\n")
    .filter((line) => line.startsWith("data:") && line.length > 5)
    .map((line) => JSON.parse(line.slice(5)) as Record<string, unknown>);
  return messages.find((message) => "result" in message || "error" in message);
}

/** `tools/list` by hand, with these headers. */
function listTools(url: string, headers: Record<string, string>): Promise<Answer> {
  return post(url, "tools/list", {}, headers);
}

/** A v2 SDK client that speaks only 2026-07-28 (no initialize), with the token. */
async function modernClient(http: TestHttpServer, headers: Record<string, string>) {
  const client = new Client(
    { name: "stateless-test", version: "0" },
    { jsonSchemaValidator: modernClientValidator, versionNegotiation: { mode: { pin: REVISION } } },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(http.server.url), { requestInit: { headers } }),
  );
  return client;
}

const toolsOf = (...names: string[]): string[] => {
  const wanted = new Set(
    toolsets.filter((set) => names.includes(set.name)).flatMap((set) => set.tools),
  );
  return toolCatalog.filter((tool) => wanted.has(tool.name)).map((tool) => tool.name);
};

/** A repository with one spec, for reads. */
function repository(): string {
  const root = temporaryFolder("stateless-repo-");
  mkdirSync(join(root, "openspec", "specs", "auth"), { recursive: true });
  mkdirSync(join(root, "openspec", "changes"), { recursive: true });
  writeFileSync(
    join(root, "openspec", "specs", "auth", "spec.md"),
    "# auth\n\n## Purpose\nSign in.\n\n## Requirements\n### Requirement: Sign in\nThe system SHALL let users sign in.\n\n#### Scenario: ok\n- **WHEN** a user signs in\n- **THEN** they are in\n",
  );
  return root;
}

describe("GIVEN the HTTP server and a 2026-07-28 client (no initialize, no session)", () => {
  it("WHEN it asks server/discover THEN it gets the revision, the capabilities without logging, the instructions and the server's name, and no session is made", async () => {
    const http = await startServer();
    const secret = http.token("laptop");
    const answer = await post(
      http.server.url,
      "server/discover",
      {},
      {
        authorization: `Bearer ${secret}`,
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get("mcp-session-id")).toBeNull();
    const result = answer.message?.result as Record<string, unknown>;
    expect(result.supportedVersions).toContain(REVISION);
    expect(result.capabilities).toMatchObject({
      tools: { listChanged: true },
      prompts: {},
      completions: {},
      resources: { listChanged: true },
    });
    expect(result.capabilities).not.toHaveProperty("logging");
    expect(result._meta).toMatchObject({
      "io.modelcontextprotocol/serverInfo": { name: "openspec" },
    });
    expect(result.instructions).toMatch(/openspec_source_add/);
    expect(http.server.sessionCount()).toBe(0);
  });

  it("WHEN the SDK's client pinned to 2026-07-28 lists and calls tools, reads a resource, gets a prompt and completes an argument THEN each request is answered on its own, with no session", async () => {
    const http = await startServer();
    const secret = http.token("laptop");
    const root = repository();
    const client = await modernClient(http, { authorization: `Bearer ${secret}` });
    try {
      const tools = await client.listTools();
      expect(tools.tools.map((tool) => tool.name)).toContain("openspec_source_add");
      const added = await client.callTool({
        name: "openspec_source_add",
        arguments: { path: root, name: "shop" },
      });
      expect(added.structuredContent).toMatchObject({ ok: true });
      const read = await client.readResource({ uri: "openspec://shop/specs/auth" });
      expect(JSON.stringify(read.contents)).toMatch(/let users sign in/);
      const prompts = await client.listPrompts();
      const prompt = prompts.prompts[0];
      expect(prompt).toBeDefined();
      const completed = await client.complete({
        ref: { type: "ref/resource", uri: "openspec://{source}/specs/{+spec}" },
        argument: { name: "source", value: "sh" },
      });
      expect(completed.completion.values).toContain("shop");
      expect(http.server.sessionCount()).toBe(0);
    } finally {
      await client.close();
    }
  });

  it("WHEN two requests send different X-OpenSpec-Toolsets THEN each gets its own list, and an unknown toolset is 400 naming the valid ones", async () => {
    const http = await startServer({ toolsets: "read" });
    const authorization = `Bearer ${http.token("laptop")}`;
    const names = (answer: Answer) =>
      ((answer.message?.result ?? { tools: [] }) as { tools: { name: string }[] }).tools.map(
        (tool) => tool.name,
      );
    const plain = await listTools(http.server.url, { authorization });
    const chosen = await listTools(http.server.url, {
      authorization,
      "x-openspec-toolsets": "sources,lifecycle",
    });
    expect(names(plain)).toEqual(toolsOf("read"));
    expect(names(chosen)).toEqual(toolsOf("lifecycle", "sources"));
    const unknown = await listTools(http.server.url, {
      authorization,
      "x-openspec-toolsets": "nonsense",
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.message)).toMatch(/lifecycle/);
  });

  it("WHEN a read-only token calls a tool that writes THEN it is refused without running, on that request alone", async () => {
    const http = await startServer();
    const authorization = `Bearer ${http.token("reader", true)}`;
    const answer = await post(
      http.server.url,
      "tools/call",
      { name: "openspec_source_add", arguments: { path: repository(), name: "shop" } },
      { authorization },
    );
    expect(answer.message?.result).toMatchObject({
      isError: true,
      structuredContent: { ok: false, code: "tool_unavailable" },
    });
    const listed = await post(
      http.server.url,
      "tools/call",
      {
        name: "openspec_source_list",
        arguments: {},
      },
      { authorization: `Bearer ${http.token("writer")}` },
    );
    expect(listed.message?.result).toMatchObject({ structuredContent: { ok: true, sources: [] } });
  });

  it("WHEN a request names an unsupported revision, headers that disagree with its envelope, or a method 2026-07-28 removed THEN it gets that revision's error", async () => {
    const http = await startServer();
    const authorization = `Bearer ${http.token("laptop")}`;
    const unsupported = await post(
      http.server.url,
      "tools/list",
      {},
      { authorization },
      {
        ...envelope,
        "io.modelcontextprotocol/protocolVersion": "2099-01-01",
      },
    );
    expect(unsupported.status).toBe(400);
    expect(unsupported.message?.error).toMatchObject({ code: -32022 });
    const mismatch = await listTools(http.server.url, {
      authorization,
      "mcp-method": "prompts/list",
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.message?.error).toMatchObject({ code: -32020 });
    for (const [method, params] of [
      ["logging/setLevel", { level: "debug" }],
      ["resources/subscribe", { uri: "openspec://shop/specs/auth" }],
    ] as const) {
      const removed = await post(http.server.url, method, params, { authorization });
      expect(removed.status, method).toBe(404);
      expect(removed.message?.error, method).toMatchObject({ code: -32601 });
    }
  });

  it("WHEN the token of a 2026-07-28 call still running is revoked THEN the call is cancelled and its answer never arrives", async () => {
    let started = false;
    let cancelled = false;
    const http = await startServer({
      // openspec_source_list waits here until its call is cancelled.
      wrapCatalog: (catalog) => ({
        ...catalog,
        get tools() {
          return catalog.tools;
        },
        call: (name, args, call) => {
          if (name !== "openspec_source_list") return catalog.call(name, args, call);
          started = true;
          return new Promise((resolve) => {
            call?.signal?.addEventListener("abort", () => {
              cancelled = true;
              resolve(toolFailure("cancelled", "The call was cancelled.", "Call again."));
            });
          });
        },
      }),
    });
    const authorization = `Bearer ${http.token("laptop")}`;
    const answer = post(
      http.server.url,
      "tools/call",
      { name: "openspec_source_list", arguments: {} },
      { authorization },
    ).then(
      (received) => ({ received }),
      (error: unknown) => ({ error }),
    );
    await eventually(() => started, "the call to reach the catalog");
    const opened = openRegistry({ path: http.registryPath, env: http.env, home: http.home });
    if (!opened.ok) throw new Error(opened.error);
    try {
      expect(revokeAccessToken(opened.registry, "laptop")).toMatchObject({ ok: true });
    } finally {
      opened.registry.close();
    }
    await eventually(() => cancelled, "the revoked token's call to be cancelled");
    const outcome = await answer;
    expect("error" in outcome || outcome.received.message?.result === undefined).toBe(true);
  });

  it("WHEN a 2025 client initializes on the same endpoint THEN it still gets a session", async () => {
    const http = await startServer();
    const client = new LegacyClient(
      { name: "legacy", version: "0" },
      { jsonSchemaValidator: legacyClientValidator },
    );
    await client.connect(
      new LegacyTransport(new URL(http.server.url), {
        requestInit: { headers: { authorization: `Bearer ${http.token("laptop")}` } },
      }),
    );
    try {
      expect((await client.listTools()).tools.length).toBeGreaterThan(0);
      expect(http.server.sessionCount()).toBe(1);
    } finally {
      await client.close();
    }
  });
});
