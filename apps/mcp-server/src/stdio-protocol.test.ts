import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { fakeOpenSpecBinary, makeOpenSpecRepository, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { type McpHost, openMcpHost } from "./test-support/open-mcp-host.js";
import { spawnRawServer } from "./test-support/raw-server.js";
import { PUBLISHED_BIN, serverEnvironment } from "./test-support/sandbox.js";

const hosts: McpHost[] = [];
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close();
  removeTemporaryFolders();
});

const line = (message: Record<string, unknown>) => `${JSON.stringify(message)}\n`;
const initialize = (id: number) => ({
  jsonrpc: "2.0",
  id,
  method: "initialize",
  params: {
    protocolVersion: "2025-06-18",
    capabilities: {},
    clientInfo: { name: "raw", version: "0" },
  },
});
const parsed = (lines: readonly string[]) =>
  lines.map((text) => JSON.parse(text) as Record<string, unknown>);

describe("GIVEN the published openspec-mcp bin over stdio", () => {
  it("WHEN a client pipes initialize, initialized, prompts/list and a slow tools/call and closes stdin THEN every request is answered before the server stops", async () => {
    // A CLI that takes a while: the call is still running when stdin closes.
    const slowCli = fakeOpenSpecBinary(
      ["PATH=/usr/bin:/bin", "sleep 1.5", `echo '{"changes":[]}'`].join("\n"),
    );
    const { env } = serverEnvironment({ cli: false, extra: { OPENSPEC_BIN: slowCli } });
    const server = spawnRawServer(env, [], PUBLISHED_BIN);
    server.write(
      [
        line(initialize(1)),
        line({ jsonrpc: "2.0", method: "notifications/initialized" }),
        line({ jsonrpc: "2.0", id: 2, method: "prompts/list" }),
        line({
          jsonrpc: "2.0",
          id: 3,
          method: "tools/call",
          params: { name: "openspec_list", arguments: { workdir: makeOpenSpecRepository() } },
        }),
      ].join(""),
    );
    server.child.stdin.end();

    expect(await server.exited()).toEqual({ code: 0, signal: null });
    const answers = parsed(server.stdoutLines).filter((message) => "id" in message);
    expect(answers.map((message) => message.id)).toEqual([1, 2, 3]);
    expect(answers[1]).toMatchObject({ result: { prompts: expect.any(Array) } });
    expect(answers[2]).toMatchObject({ result: { structuredContent: { ok: true } } });
    expect(server.stderr()).toContain("stopping: stdin closed");
  });

  it("WHEN a line is not JSON, or JSON but no JSON-RPC message THEN it gets -32700 or -32600 with id null, and the server keeps serving", async () => {
    const server = spawnRawServer(serverEnvironment({ cli: false }).env, [], PUBLISHED_BIN);
    await server.initialize();
    server.write("this is not json\n");
    server.write('{"not":"a json-rpc message"}\n');
    server.send({ jsonrpc: "2.0", id: 1, method: "ping" });
    expect(await server.response(1)).toMatchObject({ result: {} });

    const errors = parsed(server.stdoutLines).filter((message) => "error" in message);
    expect(errors).toEqual([
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32700, message: expect.stringMatching(/^Parse error: /) },
      },
      {
        jsonrpc: "2.0",
        id: null,
        error: { code: -32600, message: expect.stringMatching(/^Invalid Request: /) },
      },
    ]);
    server.child.stdin.end();
    expect(await server.exited()).toEqual({ code: 0, signal: null });
  });

  it("WHEN a client sends requests before initialize THEN they are refused, a ping is answered, and after initialize the same request works", async () => {
    const server = spawnRawServer(serverEnvironment({ cli: false }).env, [], PUBLISHED_BIN);
    server.send({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    server.send({ jsonrpc: "2.0", id: 2, method: "ping" });

    expect(await server.response(1)).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: {
        code: -32000,
        message: "Server not initialized: send initialize before tools/list.",
      },
    });
    expect(await server.response(2)).toMatchObject({ result: {} });
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 3, method: "tools/list" });
    expect(await server.response(3)).toMatchObject({ result: { tools: expect.any(Array) } });
    server.child.stdin.end();
    expect(await server.exited()).toEqual({ code: 0, signal: null });
  });

  it("WHEN a request is refused with invalid params THEN the error message is ours alone, without the SDK's 'MCP error <code>:' prefix", async () => {
    const server = spawnRawServer(serverEnvironment({ cli: false }).env, [], PUBLISHED_BIN);
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 1, method: "logging/setLevel", params: { level: "loud" } });
    server.send({
      jsonrpc: "2.0",
      id: 2,
      method: "resources/read",
      params: { uri: "openspec://no-such-source/specs/auth" },
    });

    const refused = await server.response(1);
    expect(refused).toMatchObject({
      error: { code: -32602, message: expect.stringMatching(/^logging\/setLevel needs params/) },
    });
    const missing = (await server.response(2)) as { error: { message: string } };
    expect(missing.error.message).not.toMatch(/MCP error/);
    server.child.stdin.end();
    await server.exited();
  });
});

/**
 * The built server with the real CLI and a repository whose config.yaml makes
 * the pinned CLI warn on stderr (and still succeed); every log message the
 * client hears lands in `events` as `<level> <data>`, in order of arrival.
 */
async function serverWithWarningRepository() {
  const workdir = makeOpenSpecRepository({
    "openspec/config.yaml": "schema: spec-driven\ncontext: 5\n",
    "openspec/changes/add-x/proposal.md": "## Why\n\nBecause.\n\n## What Changes\n\n- x\n",
  });
  const host = await openMcpHost(serverEnvironment({ cli: true }));
  hosts.push(host);
  const events: string[] = [];
  host.client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
    events.push(`${params.level} ${String(params.data)}`);
  });
  const callStatus = () =>
    host.client.callTool({ name: "openspec_status", arguments: { workdir, change: "add-x" } });
  return { host, events, callStatus };
}

const CLI_WARNING = "warning openspec_status: Invalid 'context' field in config (must be string)";

describe("GIVEN the built server over stdio and a CLI that warns", () => {
  it("WHEN a client at debug calls a CLI-backed tool THEN the run's stages arrive at debug and the warning at warning, between the call and its result", async () => {
    const { host, events, callStatus } = await serverWithWarningRepository();
    await host.client.setLoggingLevel("debug");
    await host.client.ping();
    events.splice(0);

    events.push("call");
    const result = await callStatus();
    events.push("result");

    expect(result.structuredContent).toMatchObject({ ok: true });
    const stage = events.indexOf("debug running openspec status");
    const warning = events.indexOf(CLI_WARNING);
    expect(events[0]).toBe("call");
    expect(stage).toBeGreaterThan(0);
    expect(warning).toBeGreaterThan(stage);
    expect(events.indexOf("result")).toBe(events.length - 1);
  });

  it("WHEN a client at the default level calls it THEN the warning arrives and the stages do not", async () => {
    const { events, callStatus } = await serverWithWarningRepository();

    expect(await callStatus()).toMatchObject({ structuredContent: { ok: true } });
    expect(events).toContain(CLI_WARNING);
    expect(events.filter((event) => event.startsWith("debug "))).toEqual([]);
  });
});

describe("GIVEN a change whose proposal opens with OpenSpec's own '# Proposal' heading", () => {
  it("WHEN a client reads the change overview THEN the proposal appears under one Proposal heading, its sections one level down", async () => {
    const root = makeOpenSpecRepository({
      "openspec/changes/add-x/proposal.md":
        "# Proposal\n\n## Why\n\nBecause.\n\n## What Changes\n\n- x\n",
      "openspec/changes/add-y/proposal.md": "# Add passkeys\n\n## Why\n\nPasswords leak.\n",
    });
    const host = await openMcpHost(serverEnvironment({ cli: true }));
    hosts.push(host);
    expect(await host.call("openspec_source_add", { path: root })).toMatchObject({ ok: true });

    const read = async (uri: string) => {
      const [content] = (await host.client.readResource({ uri })).contents;
      return content !== undefined && "text" in content ? content.text : "";
    };
    const plain = (await read("openspec://shop/changes/add-x")).split("\n");
    const titled = (await read("openspec://shop/changes/add-y")).split("\n");

    expect(plain.filter((text) => /^#+ Proposal/.test(text))).toEqual(["## Proposal"]);
    expect(plain).toContain("### Why");
    expect(
      titled.filter((text) => /Proposal|passkeys/i.test(text) && text.startsWith("#")),
    ).toEqual(["## Proposal: Add passkeys"]);
  });
});
