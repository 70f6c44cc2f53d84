import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client, type JSONRPCMessage, type Progress } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { toolCatalog, toolsets } from "@org/openspec-core";
import { AUTH_SPEC, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { modernClientValidator } from "@org/test-kit/mcp-client-validators";
import { afterEach, describe, expect, it } from "vitest";
import { type RawServer, spawnRawServer } from "./test-support/raw-server.js";
import { PUBLISHED_BIN, serverEnvironment } from "./test-support/sandbox.js";
import { isRunning, slowOpenSpecCli, waitForPids } from "./test-support/slow-cli.js";
import { whenWritten } from "./test-support/when-written.js";

const REVISION = "2026-07-28";

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const close of closing.splice(0)) await close();
  removeTemporaryFolders();
});

/**
 * The SDK's stdio client transport, recording the method of every message it
 * writes. Being a subclass, it also makes the client send its opening
 * `server/discover` on this very process: on the base class the client
 * probes on a sibling process it spawns for that alone.
 */
class RecordingStdioTransport extends StdioClientTransport {
  readonly sent: string[] = [];

  override send(message: JSONRPCMessage): Promise<void> {
    if ("method" in message) this.sent.push(message.method);
    return super.send(message);
  }
}

/**
 * The SDK v2 client pinned to the 2026-07-28 revision, over a spawned
 * `openspec-mcp` (the built server) with `env` and `args`; `sent` lists the
 * method of every message the client wrote, in order.
 */
async function open2026Client(env: Record<string, string>, args: string[] = []) {
  const transport = new RecordingStdioTransport({
    command: process.execPath,
    args: [PUBLISHED_BIN, ...args],
    env,
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const client = new Client(
    { name: "openspec-mcp-tests", version: "0.0.0" },
    { jsonSchemaValidator: modernClientValidator, versionNegotiation: { mode: { pin: REVISION } } },
  );
  await client.connect(transport);
  closing.push(() => client.close());
  /** A tool's result object (its `structuredContent`). */
  const call = async (name: string, args: Record<string, unknown>) =>
    (await client.callTool({ name, arguments: args })).structuredContent;
  return { client, sent: transport.sent, call, stderr: () => stderr };
}

/** A raw server process (the published bin) that the test stops at its end if it still runs. */
function rawServer(env: Record<string, string>, args: string[] = []): RawServer {
  const server = spawnRawServer(env, args, PUBLISHED_BIN);
  closing.push(async () => {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return;
    server.child.kill("SIGKILL");
    await server.exited();
  });
  return server;
}

/** Every request's `_meta` on the 2026-07-28 revision: the version, and what the client can do. */
const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": REVISION,
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0" },
};
const request2026 = (id: number, method: string, params: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id,
  method,
  params: { ...params, _meta: ENVELOPE },
});

/** Resolves true once the server's stderr holds `text`, or false if the server exits first. */
function logSaysBeforeExit(server: RawServer, text: string): Promise<boolean> {
  return new Promise((resolve) => {
    const look = () => {
      if (!server.stderr().includes(text)) return;
      stopLooking();
      resolve(true);
    };
    const gone = () => {
      stopLooking();
      resolve(false);
    };
    const stopLooking = () => {
      server.child.stderr.off("data", look);
      server.child.off("exit", gone);
    };
    server.child.stderr.on("data", look);
    server.child.once("exit", gone);
    look();
  });
}

/** The catalog's tools of the named toolsets, in the catalog's order. */
const toolsOf = (...names: string[]): string[] => {
  const wanted = new Set(
    toolsets.filter((set) => names.includes(set.name)).flatMap((set) => set.tools),
  );
  return toolCatalog.filter((tool) => wanted.has(tool.name)).map((tool) => tool.name);
};

describe("GIVEN the built server over stdio and a client of the 2026-07-28 revision (SDK v2, pinned)", () => {
  it("WHEN the client works without initialize THEN server/discover describes the server without logging, and tools, prompts, resources and completion all answer", async () => {
    const repo = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    const { client, sent, call } = await open2026Client(serverEnvironment({ cli: true }).env);

    expect(client.getNegotiatedProtocolVersion()).toBe(REVISION);
    const discovered = client.getDiscoverResult();
    expect(discovered).toMatchObject({
      supportedVersions: [REVISION],
      capabilities: { tools: { listChanged: true }, prompts: {}, completions: {} },
      instructions: expect.stringContaining("openspec_source_add"),
    });
    expect(discovered?.capabilities).not.toHaveProperty("logging");
    expect(client.getServerVersion()).toMatchObject({ name: "openspec" });

    expect(await call("openspec_source_add", { path: repo, name: "shop" })).toMatchObject({
      ok: true,
    });
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("openspec_context");
    expect(await call("openspec_context", { identifier: "shop" })).toMatchObject({ ok: true });
    const prompts = (await client.listPrompts()).prompts.map((prompt) => prompt.name);
    expect(prompts.length).toBeGreaterThan(0);
    expect(
      (await client.getPrompt({ name: "explore", arguments: { source: "shop" } })).messages,
    ).not.toEqual([]);
    const resources = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(resources).toContain("openspec://shop/specs/auth");
    const [spec] = (await client.readResource({ uri: "openspec://shop/specs/auth" })).contents;
    expect(spec).toMatchObject({ text: expect.stringContaining("Auth") });
    const completed = await client.complete({
      ref: { type: "ref/prompt", name: "explore" },
      argument: { name: "source", value: "sh" },
    });
    expect(completed.completion.values).toEqual(["shop"]);

    expect(sent[0]).toBe("server/discover");
    expect(sent).not.toContain("initialize");
    expect(sent).not.toContain("notifications/initialized");
  });

  it.each([
    ["the --toolsets flag", { args: ["--toolsets", "read,lifecycle"], setting: undefined }],
    ["OPENSPEC_AGENT_TOOLSETS", { args: [], setting: "read,lifecycle" }],
  ])(
    "WHEN the server is started with toolsets from %s THEN every tools/list lists those toolsets' tools, the same on each request",
    async (_how, { args, setting }) => {
      const { env } = serverEnvironment({ cli: true });
      if (setting === undefined) delete env.OPENSPEC_AGENT_TOOLSETS;
      else env.OPENSPEC_AGENT_TOOLSETS = setting;
      const { client } = await open2026Client(env, args);

      const names = async () => (await client.listTools()).tools.map((tool) => tool.name);
      const first = await names();
      expect(first).toEqual(toolsOf("read", "lifecycle"));
      expect(await names()).toEqual(first);
      expect(await names()).toEqual(first);
    },
  );

  it("WHEN a CLI-backed call carries a progress token THEN progress arrives while it runs, and the call answers", async () => {
    const { bin } = slowOpenSpecCli();
    const { env } = serverEnvironment({ cli: false, extra: { OPENSPEC_BIN: bin } });
    const { client } = await open2026Client(env);
    const heard: Progress[] = [];

    const result = await client.callTool(
      { name: "openspec_list", arguments: { workdir: makeOpenSpecRepository() } },
      { onprogress: (progress) => heard.push(progress) },
    );

    expect(result.structuredContent).toMatchObject({ ok: true });
    // The host's heartbeat may come first, while the CLI is launched on a loaded machine.
    const started = heard.findIndex((entry) => entry.message === "running openspec list");
    expect(started).toBeGreaterThanOrEqual(0);
    expect(heard.length).toBeGreaterThan(started + 1);
  });

  it("WHEN a running openspec_validate is cancelled THEN its CLI and the CLI's child are gone, and the next call succeeds", async () => {
    const { bin, pidFile } = slowOpenSpecCli();
    const { env } = serverEnvironment({
      cli: false,
      // The fake writes host pids beside the repository: process mechanics, not confinement.
      extra: { OPENSPEC_BIN: bin, OPENSPEC_AGENT_CONFINE: "off" },
    });
    const { client, sent } = await open2026Client(env);
    const workdir = makeOpenSpecRepository();
    const controller = new AbortController();

    const pending = client.callTool(
      { name: "openspec_validate", arguments: { workdir } },
      { signal: controller.signal },
    );
    const pids = await waitForPids(pidFile);
    expect(pids.every(isRunning)).toBe(true);
    controller.abort("no longer needed");

    await expect(pending).rejects.toThrow();
    expect(sent).toContain("notifications/cancelled");
    await expect.poll(() => pids.filter(isRunning), { timeout: 30_000, interval: 100 }).toEqual([]);
    const after = await client.callTool({ name: "openspec_list", arguments: { workdir } });
    expect(after.structuredContent).toMatchObject({ ok: true });
  });
});

describe("GIVEN the published openspec-mcp bin over stdio and raw 2026-07-28 JSON lines", () => {
  it("WHEN server/discover is the first line THEN it is answered with the revision, the server and its capabilities without logging, and tools/list follows without initialize", async () => {
    const server = rawServer(serverEnvironment({ cli: false }).env);
    server.send(request2026(1, "server/discover"));
    server.send(request2026(2, "tools/list"));

    const discovered = await server.response(1);
    expect(discovered).toMatchObject({
      id: 1,
      result: {
        supportedVersions: [REVISION],
        capabilities: { tools: { listChanged: true } },
        resultType: "complete",
        _meta: { "io.modelcontextprotocol/serverInfo": { name: "openspec" } },
      },
    });
    expect(discovered).not.toHaveProperty("error");
    expect((discovered.result as { capabilities: object }).capabilities).not.toHaveProperty(
      "logging",
    );
    expect(await server.response(2)).toMatchObject({
      result: { tools: expect.any(Array), resultType: "complete" },
    });
  });

  it("WHEN a client pipes 2026 requests, closes stdin and reads its answers only later THEN every request is answered before the server exits", async () => {
    const { bin } = slowOpenSpecCli();
    const server = rawServer(serverEnvironment({ cli: false, extra: { OPENSPEC_BIN: bin } }).env);
    // The client reads nothing until the server is about to exit: its answers (each
    // tools/list is some 60 KB) fill the pipe, and the rest wait in the server.
    server.child.stdout.pause();
    const ids = [1, 2, 3, 4, 5, 6, 7];
    server.write(
      [
        request2026(1, "server/discover"),
        request2026(2, "tools/list"),
        request2026(3, "tools/list"),
        request2026(4, "prompts/list"),
        request2026(5, "tools/call", {
          name: "openspec_list",
          arguments: { workdir: makeOpenSpecRepository() },
        }),
        request2026(6, "tools/list"),
        request2026(7, "tools/list"),
      ]
        .map((message) => `${JSON.stringify(message)}\n`)
        .join(""),
    );
    server.child.stdin.end();
    // Stopping, the server finds answers the client has not read and writes them out
    // before it exits (an exit would drop them).
    const waitedForTheClient = await logSaysBeforeExit(server, "bytes of answers not yet read");
    server.child.stdout.resume();

    const answers = await Promise.all(ids.map((id) => server.response(id)));
    expect(waitedForTheClient).toBe(true);
    expect(answers.map((answer) => Object.keys(answer).includes("result"))).toEqual(
      ids.map(() => true),
    );
    expect(answers[4]).toMatchObject({ result: { structuredContent: { ok: true } } });
    expect(await server.exited()).toEqual({ code: 0, signal: null });
  });

  it("WHEN a client listens to a spec and it is edited on disk THEN the stream is acknowledged, an unknown URI is refused, and resources/updated arrives once with the subscription id", async () => {
    // Specs are read through the CLI.
    const server = rawServer(serverEnvironment({ cli: true }).env);
    const root = makeOpenSpecRepository({ "openspec/specs/auth/spec.md": AUTH_SPEC });
    server.send(
      request2026(1, "tools/call", { name: "openspec_source_add", arguments: { path: root } }),
    );
    expect(await server.response(1)).toMatchObject({ result: { structuredContent: { ok: true } } });
    const uri = "openspec://shop/specs/auth";
    const missing = "openspec://shop/specs/nothing";
    const messages = () =>
      server.stdoutLines.map(
        (line) =>
          JSON.parse(line) as {
            id?: unknown;
            method?: string;
            params?: { uri?: string; _meta?: Record<string, unknown> };
          },
      );
    server.send(
      request2026(2, "subscriptions/listen", {
        notifications: { resourceSubscriptions: [missing] },
      }),
    );
    await whenWritten(
      server,
      () => messages().some((message) => message.id === 2),
      "the answer to the listen request naming a missing spec",
    );
    expect(messages().find((message) => message.id === 2)).toMatchObject({
      error: { code: -32602, data: { uri: missing } },
    });
    server.send(
      request2026(3, "subscriptions/listen", { notifications: { resourceSubscriptions: [uri] } }),
    );
    const received = (method: string) => messages().filter((message) => message.method === method);
    await whenWritten(
      server,
      () => received("notifications/subscriptions/acknowledged").length > 0,
      "the listen stream's acknowledgement",
    );
    expect(received("notifications/subscriptions/acknowledged")[0]?.params?._meta).toMatchObject({
      "io.modelcontextprotocol/subscriptionId": 3,
    });
    writeFileSync(join(root, "openspec", "specs", "auth", "spec.md"), `${AUTH_SPEC}\nEdited.\n`);
    await whenWritten(
      server,
      () => received("notifications/resources/updated").length > 0,
      "resources/updated for the edited spec",
    );
    // The answer to a later request is the fence: a second notification would have come first.
    server.send(request2026(4, "tools/list"));
    await server.response(4);
    expect(received("notifications/resources/updated")).toEqual([
      {
        jsonrpc: "2.0",
        method: "notifications/resources/updated",
        params: { uri, _meta: { "io.modelcontextprotocol/subscriptionId": 3 } },
      },
    ]);
  });

  it("WHEN the CLI warns during a 2026 call THEN the warning stays in the result, no log message is sent, and logging/setLevel is not a method", async () => {
    const workdir = makeOpenSpecRepository({
      "openspec/config.yaml": "schema: spec-driven\ncontext: 5\n",
      "openspec/changes/add-x/proposal.md": "## Why\n\nBecause.\n\n## What Changes\n\n- x\n",
    });
    const server = rawServer(serverEnvironment({ cli: true }).env);
    server.send(request2026(1, "logging/setLevel", { level: "debug" }));
    server.send(
      request2026(2, "tools/call", {
        name: "openspec_status",
        arguments: { workdir, change: "add-x" },
      }),
    );

    expect(await server.response(1)).toMatchObject({ error: { code: -32601 } });
    expect(await server.response(2)).toMatchObject({
      result: {
        structuredContent: {
          ok: true,
          stderr: expect.stringContaining("Invalid 'context' field in config"),
        },
      },
    });
    const methods = server.stdoutLines.map(
      (line) => (JSON.parse(line) as { method?: string }).method,
    );
    expect(methods.filter((method) => method !== undefined)).toEqual([]);
  });

  it("WHEN a request without the envelope follows server/discover alone THEN the 2025 rule holds (initialize first), and once a 2026 request was served such a request gets the revision's envelope error", async () => {
    const probed = rawServer(serverEnvironment({ cli: false }).env);
    probed.send(request2026(1, "server/discover"));
    probed.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(await probed.response(1)).toHaveProperty("result");
    expect(await probed.response(2)).toMatchObject({
      error: {
        code: -32000,
        message: "Server not initialized: send initialize before tools/list.",
      },
    });

    const modern = rawServer(serverEnvironment({ cli: false }).env);
    modern.send(request2026(1, "tools/list"));
    modern.send({ jsonrpc: "2.0", id: 2, method: "tools/list" });
    expect(await modern.response(1)).toHaveProperty("result");
    expect(await modern.response(2)).toMatchObject({
      error: { code: -32602, message: expect.stringContaining("_meta envelope") },
    });
  });

  it("WHEN a request claims a revision the server does not speak THEN it gets the unsupported-version error naming 2026-07-28, and a 2026 request after it is served", async () => {
    const server = rawServer(serverEnvironment({ cli: false }).env);
    server.send({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/list",
      params: { _meta: { ...ENVELOPE, "io.modelcontextprotocol/protocolVersion": "2099-01-01" } },
    });
    server.send(request2026(2, "tools/list"));

    expect(await server.response(1)).toMatchObject({
      error: { code: -32022, data: { supported: [REVISION], requested: "2099-01-01" } },
    });
    expect(await server.response(2)).toMatchObject({ result: { tools: expect.any(Array) } });
  });
});
