import { MCP_BIN } from "@org/host-harness";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { type JsonLinePeer, startJsonLinePeer } from "./processes/json-line-peer.js";
import {
  ARCHIVED_CHANGE,
  ESCAPING_CHANGE,
  ESCAPING_SPECS,
  makeSandbox,
  OUTSIDE_MARKER,
  OUTSIDE_SPEC_IDS,
  type Sandbox,
} from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";

afterEach(removeTemporaryFolders);

const INVALID_PARAMS = -32602;
const RESOURCE_NOT_FOUND = -32002;
const line = (message: unknown) => `${JSON.stringify(message)}\n`;
const request = (id: string, method: string, params: unknown) =>
  line({ jsonrpc: "2.0", id, method, params });

async function startServer(sandbox: Sandbox): Promise<JsonLinePeer> {
  const server = startJsonLinePeer(process.execPath, [MCP_BIN], {
    env: sandbox.env,
    cwd: sandbox.home,
  });
  await server.write(
    request("init", "initialize", {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "hostile-resources", version: "0" },
    }),
  );
  expect(await server.answer("init")).toMatchObject({
    result: { capabilities: { resources: { subscribe: true, listChanged: true } } },
  });
  await server.write(line({ jsonrpc: "2.0", method: "notifications/initialized" }));
  return server;
}

describe("the MCP server meets hostile resource requests", () => {
  it("GIVEN symlinks that lead out of the repository and URIs that climb WHEN resources are listed, read and subscribed THEN nothing outside is listed or read, each refusal is -32002 or -32602, and the server keeps serving", async () => {
    const sandbox = makeSandbox();
    await registerShop(sandbox);
    const server = await startServer(sandbox);
    const ask = async (id: string, method: string, params: unknown) => {
      await server.write(request(id, method, params));
      return server.answer(id);
    };

    const listed = await ask("list", "resources/list", {});
    const uris = JSON.stringify(listed);
    expect(uris).toContain("openspec://shop/specs/auth");
    expect(uris).toContain(`openspec://shop/changes/archive/${ARCHIVED_CHANGE}`);
    for (const id of [...OUTSIDE_SPEC_IDS, ...ESCAPING_SPECS])
      expect(uris).not.toContain(`/specs/${id}"`);
    expect(uris).not.toContain(`/changes/${ESCAPING_CHANGE}"`);

    const missing = [
      ...ESCAPING_SPECS.map((id) => `openspec://shop/specs/${id}`),
      `openspec://shop/changes/${ESCAPING_CHANGE}`,
      `openspec://shop/changes/${ESCAPING_CHANGE}/proposal`,
      "openspec://shop/specs/loop",
      "openspec://nowhere/specs/auth",
    ];
    for (const [index, uri] of missing.entries()) {
      const answer = await ask(`missing-${index}`, "resources/read", { uri });
      expect(answer, uri).toMatchObject({ error: { code: RESOURCE_NOT_FOUND } });
      expect(JSON.stringify(answer)).not.toContain(OUTSIDE_MARKER);
    }

    const refused: [string, string, unknown][] = [
      ["no-uri", "resources/read", {}],
      ["number-uri", "resources/read", { uri: 5 }],
      ["climb", "resources/read", { uri: "openspec://shop/specs/../../outside" }],
      ["encoded-climb", "resources/read", { uri: "openspec://shop/specs/%2e%2e/%2e%2e/outside" }],
      ["encoded-slash", "resources/read", { uri: "openspec://shop/specs/..%2F..%2Foutside" }],
      [
        "folder-as-source",
        "resources/read",
        { uri: `openspec://${encodeURIComponent(sandbox.outside)}/specs/outside` },
      ],
      ["file-uri", "resources/read", { uri: `file://${sandbox.outsideFile}` }],
      ["nul", "resources/read", { uri: "openspec://shop/specs/auth%00" }],
      ["huge", "resources/read", { uri: `openspec://shop/specs/${"a/".repeat(500_000)}x` }],
      ["cursor-number", "resources/list", { cursor: 42 }],
      [
        "cursor-forged",
        "resources/list",
        { cursor: Buffer.from("after:/etc").toString("base64url") },
      ],
      ["subscribe-climb", "resources/subscribe", { uri: "openspec://shop/specs/.." }],
      ["subscribe-no-uri", "resources/subscribe", {}],
      ["unsubscribe-no-uri", "resources/unsubscribe", { uri: null }],
    ];
    for (const [id, method, params] of refused) {
      const answer = await ask(id, method, params);
      expect(answer, id).toMatchObject({ error: { code: INVALID_PARAMS } });
      expect(JSON.stringify(answer)).not.toContain(OUTSIDE_MARKER);
    }

    for (let i = 0; i < 50; i++) {
      await server.write(
        request(`sub-${i}`, "resources/subscribe", { uri: "openspec://shop/specs/auth" }),
      );
    }
    for (let i = 0; i < 50; i++)
      expect(await server.answer(`sub-${i}`)).toMatchObject({ result: {} });
    expect(
      await ask("read", "resources/read", { uri: "openspec://shop/specs/auth" }),
    ).toMatchObject({
      result: { contents: [{ uri: "openspec://shop/specs/auth", mimeType: "text/markdown" }] },
    });
    expect(server.strayLines).toEqual([]);
    server.child.stdin.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });
});
