import { PassThrough } from "node:stream";
import { type Catalog, createCatalog } from "@org/openspec-core";
import {
  fakeOpenSpecBinary,
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_REQUEST_LINE_BYTES, runBridge } from "./run-bridge.js";

const catalogs: Catalog[] = [];
afterEach(() => {
  for (const catalog of catalogs.splice(0)) catalog.close();
  removeTemporaryFolders();
});

function catalogWith(extra: Record<string, string> = {}): Catalog {
  const { env, home } = isolatedEnvironment(extra);
  const catalog = createCatalog({ env, home });
  catalogs.push(catalog);
  return catalog;
}

/** Sends the lines, closes the input and collects what the bridge wrote and logged. */
async function exchange(catalog: Catalog, lines: string[]) {
  const input = new PassThrough();
  const output = new PassThrough();
  const logs: string[] = [];
  let written = "";
  output.on("data", (chunk: Buffer) => {
    written += chunk.toString("utf8");
  });
  const served = runBridge({ input, output, catalog, log: (message) => logs.push(message) });
  for (const line of lines) input.write(`${line}\n`);
  input.end();
  await served;
  const answers = written
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as { id: string | number; result: Record<string, unknown> });
  return { answers, logs };
}

describe("runBridge", () => {
  it("GIVEN tool and control requests WHEN the input ends THEN every request is answered by its id with the catalog's result", async () => {
    const repository = makeOpenSpecRepository();
    const { answers } = await exchange(catalogWith({ OPENSPEC_BIN: REAL_OPENSPEC_BIN }), [
      JSON.stringify({ id: "ping", op: "ping" }),
      JSON.stringify({
        id: 7,
        tool: "openspec_source_add",
        args: { path: repository, name: "webshop" },
      }),
      JSON.stringify({ id: "status", op: "cli_status" }),
    ]);
    const byId = new Map(answers.map((answer) => [answer.id, answer.result]));
    expect(byId.get("ping")).toMatchObject({ ok: true, pong: true });
    expect(byId.get(7)).toMatchObject({ ok: true, source: { name: "webshop", path: repository } });
    expect(byId.get("status")).toMatchObject({ ok: true, path: REAL_OPENSPEC_BIN });
    expect(answers).toHaveLength(3);
  });

  it("GIVEN lines that are not JSON, not objects or carry no id WHEN they arrive THEN each is logged, none is answered, and later requests still are", async () => {
    const { answers, logs } = await exchange(catalogWith(), [
      "not json at all",
      "[1, 2]",
      JSON.stringify({ tool: "openspec_source_list", args: {} }),
      JSON.stringify({ id: null, op: "ping" }),
      "",
      JSON.stringify({ id: 1, op: "ping" }),
    ]);
    expect(answers).toEqual([{ id: 1, result: expect.objectContaining({ ok: true, pong: true }) }]);
    expect(logs).toHaveLength(4);
    expect(logs.every((line) => line.startsWith("openspec bridge: ignored a line"))).toBe(true);
  });

  it("GIVEN a request with an id but neither a tool nor a known op WHEN it arrives THEN it is answered with invalid_request", async () => {
    const { answers } = await exchange(catalogWith(), [JSON.stringify({ id: "x", op: "reboot" })]);
    expect(answers).toEqual([
      {
        id: "x",
        result: expect.objectContaining({
          ok: false,
          code: "invalid_request",
          fix: expect.any(String),
        }),
      },
    ]);
  });

  it("GIVEN request lines longer than 10 MiB, with and without a leading id WHEN they arrive THEN the one with an id is answered request_too_large, the other is logged, and the next request is answered", async () => {
    const huge = "a".repeat(MAX_REQUEST_LINE_BYTES);
    const { answers, logs } = await exchange(catalogWith(), [
      JSON.stringify({ id: "t1", tool: "openspec_context", args: { identifier: huge } }),
      JSON.stringify({ tool: "openspec_context", id: "t2", args: { identifier: huge } }),
      JSON.stringify({ id: "t3", op: "ping" }),
    ]);
    expect(answers).toEqual([
      { id: "t1", result: expect.objectContaining({ ok: false, code: "request_too_large" }) },
      { id: "t3", result: expect.objectContaining({ ok: true, pong: true }) },
    ]);
    expect(logs).toEqual([
      expect.stringMatching(/^openspec bridge: ignored a line: The request line is \d+ bytes long/),
    ]);
  });

  it("GIVEN arguments a tool's schema rejects WHEN called THEN the answer is the catalog's invalid_input, not an error", async () => {
    const { answers } = await exchange(catalogWith(), [
      JSON.stringify({ id: 1, tool: "openspec_context", args: ["not", "an", "object"] }),
      JSON.stringify({
        id: 2,
        tool: "openspec_context",
        args: { identifier: { nested: [1, { deep: null }] } },
      }),
      JSON.stringify({ id: 3, tool: "no_such_tool", args: {} }),
    ]);
    const codes = Object.fromEntries(answers.map((answer) => [answer.id, answer.result.code]));
    expect(codes).toEqual({ 1: "invalid_input", 2: "invalid_input", 3: "unknown_tool" });
  });

  it("GIVEN a slow CLI call sent before a fast registry call WHEN both are in flight THEN the fast one is answered first", async () => {
    const slowCli = fakeOpenSpecBinary("/bin/sleep 1\necho '{\"changes\": []}'");
    const repository = makeOpenSpecRepository();
    const { answers } = await exchange(catalogWith({ OPENSPEC_BIN: slowCli }), [
      JSON.stringify({ id: "slow", tool: "openspec_list", args: { workdir: repository } }),
      JSON.stringify({ id: "fast", tool: "openspec_source_list", args: {} }),
    ]);
    expect(answers.map((answer) => answer.id)).toEqual(["fast", "slow"]);
    expect(answers[1]?.result).toMatchObject({ ok: true, stdout: { changes: [] } });
  });
});
