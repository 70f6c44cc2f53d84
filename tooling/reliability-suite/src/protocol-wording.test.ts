import { rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { MCP_BIN } from "@org/host-harness";
import {
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import {
  createToken,
  type HttpServerProcess,
  openRawSession,
  startHttpServerProcess,
} from "./processes/http-server-process.js";
import { startJsonLinePeer } from "./processes/json-line-peer.js";
import { EVERY_HOST, resultOf } from "./sandbox/hosts.js";
import { registerSource } from "./sandbox/register-source.js";

const servers: HttpServerProcess[] = [];
afterEach(async () => {
  await Promise.allSettled(servers.splice(0).map((server) => server.stop()));
  removeTemporaryFolders();
});

/** tools/call params a client may get wrong, and what the one sentence must say. */
const BAD_PARAMS: Array<[string, unknown, RegExp]> = [
  [
    "arguments that are a string",
    { name: "openspec_source_list", arguments: "notanobject" },
    /^The arguments of tools\/call must be an object of the tool's fields, not a string\.$/,
  ],
  [
    "arguments that are an array",
    { name: "openspec_source_list", arguments: [1, 2] },
    /not an array\.$/,
  ],
  ["no tool name", { arguments: {} }, /^tools\/call needs params\.name/],
];

function expectInvalidParams(answer: Record<string, unknown> | undefined, sentence: RegExp) {
  const error = (answer?.error ?? {}) as { code?: number; message?: string };
  expect(error.code, `${String(sentence)}: ${JSON.stringify(answer)}`).toBe(-32602);
  // One sentence: no issue list, no second line.
  expect(error.message).toMatch(sentence);
  expect(error.message).not.toMatch(/\n|"code"|"path"|invalid_type/);
}

// tools/call with `"arguments": "notanobject"` was answered -32603 (an internal
// error, blaming the server) with zod's issue list as the message.
describe("a tools/call whose params are malformed", () => {
  it("GIVEN the stdio server WHEN tools/call arrives with malformed params THEN each is -32602 with one sentence, and a good call still answers", async () => {
    const { home, env } = isolatedEnvironment();
    const server = startJsonLinePeer(process.execPath, [MCP_BIN], { env, cwd: home });
    const send = (message: unknown) => server.write(`${JSON.stringify(message)}\n`);
    await send({
      jsonrpc: "2.0",
      id: "init",
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "wording", version: "0" },
      },
    });
    await server.answer("init");
    await send({ jsonrpc: "2.0", method: "notifications/initialized" });

    for (const [what, params, sentence] of BAD_PARAMS) {
      await send({ jsonrpc: "2.0", id: what, method: "tools/call", params });
      expectInvalidParams(await server.answer(what), sentence);
    }
    await send({
      jsonrpc: "2.0",
      id: "good",
      method: "tools/call",
      params: { name: "openspec_source_list", arguments: {} },
    });
    expect(await server.answer("good")).toMatchObject({
      result: { structuredContent: { ok: true } },
    });
    server.child.stdin.end();
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it("GIVEN the team HTTP server and a read-only token WHEN tools/call arrives with malformed params THEN each is -32602 with one sentence", async () => {
    const { home, env } = isolatedEnvironment();
    const secret = await createToken(env, home, "reader", true);
    const server = await startHttpServerProcess(env, home);
    servers.push(server);
    const session = await openRawSession(server.url, secret);

    for (const [what, params, sentence] of BAD_PARAMS) {
      const answer = await session.post({ jsonrpc: "2.0", id: what, method: "tools/call", params });
      const message = answer.body
        .split("\n")
        .map((line) => (line.startsWith("data:") ? line.slice(5).trim() : line.trim()))
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((parsed) => parsed.id === what);
      expectInvalidParams(message, sentence);
    }
  });
});

// A link inside a change that points at itself was refused as "leads outside
// the repository", sending its owner to look for where it escapes to.
describe.each(EVERY_HOST)(
  "a symbolic link loop inside a change, through the $host host",
  ({ open }) => {
    it("GIVEN design.md linked to itself WHEN the change is shown and design.md is written THEN both answer symlink_loop naming the link", async () => {
      const repo = makeOpenSpecRepository({ ...DARK_MODE_CHANGE }, "looped");
      const change = join(repo, "openspec/changes/add-dark-mode");
      rmSync(join(change, "design.md"), { force: true });
      symlinkSync("design.md", join(change, "design.md"));
      const { home, env } = isolatedEnvironment();
      await registerSource(env, repo, "looped");
      const host = await open({ env, cwd: home });
      try {
        const shown = resultOf(
          await host.call("openspec_show", { source: "looped", target: "add-dark-mode" }),
        );
        const written = resultOf(
          await host.call("openspec_change_write", {
            source: "looped",
            change: "add-dark-mode",
            artifact: "design",
            content: "# Design\n",
            force: true,
          }),
        );

        for (const answer of [shown, written]) {
          expect(answer).toMatchObject({
            ok: false,
            code: "symlink_loop",
            error:
              "openspec/changes/add-dark-mode/design.md is a symbolic link loop; remove or fix the link.",
          });
        }
      } finally {
        await host.close();
      }
    });
  },
);
