import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { type RawServer, spawnRawServer } from "./test-support/raw-server.js";
import { PUBLISHED_BIN, serverEnvironment } from "./test-support/sandbox.js";
import { whenWritten } from "./test-support/when-written.js";

const running: RawServer[] = [];
afterEach(async () => {
  for (const server of running.splice(0)) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) continue;
    server.child.kill("SIGKILL");
    await server.exited();
  }
  removeTemporaryFolders();
});

/** The published bin over stdio, with `env` and `args`, stopped after the test. */
function openBin(env: Record<string, string>, args: string[]): RawServer {
  const server = spawnRawServer(env, args, PUBLISHED_BIN);
  running.push(server);
  return server;
}

type Line = {
  id?: unknown;
  method?: string;
  params?: { _meta?: Record<string, unknown> };
  result?: { tools?: { name: string }[]; structuredContent?: Record<string, unknown> };
};

/** Every line the server wrote, parsed, in order. */
const linesOf = (server: RawServer): Line[] =>
  server.stdoutLines.map((line) => JSON.parse(line) as Line);

/** Where in stdout the first line matching `match` is; -1 when there is none. */
const positionOf = (server: RawServer, match: (line: Line) => boolean): number =>
  linesOf(server).findIndex(match);

const ENVELOPE = {
  "io.modelcontextprotocol/protocolVersion": "2026-07-28",
  "io.modelcontextprotocol/clientCapabilities": {},
  "io.modelcontextprotocol/clientInfo": { name: "raw", version: "0" },
};

const LIST_CHANGED = "notifications/tools/list_changed";

describe("GIVEN the published openspec-mcp bin over stdio WHEN its tool list changes", () => {
  it("THEN a 2025 client that enables a toolset with openspec_toolsets hears tools/list_changed before the answer, and the list holds the toolset's tools", async () => {
    const server = openBin(serverEnvironment({ cli: true, extra: {} }).env, [
      "--toolsets",
      "read",
      "--dynamic-toolsets",
    ]);
    await server.initialize();
    server.send({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} });
    const before = (await server.response(1)) as Line;
    expect(before.result?.tools?.map((tool) => tool.name)).not.toContain("openspec_source_add");

    const answer = (await server.callTool(2, "openspec_toolsets", { enable: "sources" })) as Line;
    expect(answer.result?.structuredContent).toMatchObject({ ok: true, enabled: "sources" });
    const told = positionOf(server, (line) => line.method === LIST_CHANGED);
    expect(told).toBeGreaterThanOrEqual(0);
    expect(told).toBeLessThan(positionOf(server, (line) => line.id === 2));

    server.send({ jsonrpc: "2.0", id: 3, method: "tools/list", params: {} });
    const after = (await server.response(3)) as Line;
    expect(after.result?.tools?.map((tool) => tool.name)).toContain("openspec_source_add");
    expect(linesOf(server).filter((line) => line.method === LIST_CHANGED)).toHaveLength(1);
  });

  it("THEN on 2026-07-28 only the listen stream that opted in to tool changes hears that the CLI went away, stamped with its id, and nothing else is told", async () => {
    const binDir = join(temporaryFolder("going-bin-"), "bin");
    mkdirSync(binDir);
    const bin = join(binDir, "openspec");
    symlinkSync(REAL_OPENSPEC_BIN, bin);
    const server = openBin(serverEnvironment({ cli: false, extra: { OPENSPEC_BIN: bin } }).env, [
      "--dynamic-toolsets",
    ]);
    const send = (id: number, method: string, params: Record<string, unknown> = {}) =>
      server.send({ jsonrpc: "2.0", id, method, params: { ...params, _meta: ENVELOPE } });
    const acknowledged = () =>
      linesOf(server).filter((line) => line.method === "notifications/subscriptions/acknowledged");

    send(1, "subscriptions/listen", { notifications: { toolsListChanged: true } });
    send(2, "subscriptions/listen", { notifications: { promptsListChanged: true } });
    await whenWritten(server, () => acknowledged().length === 2, "both listen acknowledgements");

    // Enabling a toolset is a request's header on this revision: it enables nothing, and tells no one.
    send(3, "tools/call", { name: "openspec_toolsets", arguments: { enable: "sources" } });
    expect(((await server.response(3)) as Line).result?.structuredContent).toMatchObject({
      ok: true,
      enabled: false,
    });
    send(4, "tools/list");
    const withCli = ((await server.response(4)) as Line).result?.tools?.map((tool) => tool.name);
    expect(withCli).toContain("openspec_validate");

    rmSync(bin);
    await whenWritten(
      server,
      () => positionOf(server, (line) => line.method === LIST_CHANGED) >= 0,
      "tools/list_changed after the CLI was removed",
    );
    // The answer to a later request is the fence: a second notification would have come first.
    send(5, "tools/list");
    const withoutCli = ((await server.response(5)) as Line).result?.tools?.map((tool) => tool.name);
    expect(withoutCli).not.toContain("openspec_validate");
    expect(linesOf(server).filter((line) => line.method === LIST_CHANGED)).toEqual([
      {
        jsonrpc: "2.0",
        method: LIST_CHANGED,
        params: { _meta: { "io.modelcontextprotocol/subscriptionId": 1 } },
      },
    ]);
  });
});
