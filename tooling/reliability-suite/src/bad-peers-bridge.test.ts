import { randomBytes } from "node:crypto";
import { openHermesHost } from "@org/host-harness";
import { packagePaths } from "@org/openspec-hermes-host";
import { REAL_OPENSPEC_BIN, removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { hangingFake } from "./fake-cli/hanging-fake.js";
import { recordFigure } from "./figures/record-figure.js";
import { type JsonLinePeer, startJsonLinePeer } from "./processes/json-line-peer.js";
import { killRecordedFake } from "./processes/kill-recorded-fake.js";
import { isGone, liveDescendants, peakRssBytes, readStat } from "./processes/process-state.js";
import { EVENTUALLY_MS, waitFor } from "./processes/wait-for.js";
import { makeSandbox, type Sandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";

// The bridge entry the installer records in bridge.json.
const BRIDGE = packagePaths.bridgeEntry;
const MB = 1024 * 1024;
const MEMORY_LIMIT_BYTES = 150 * MB;

const pidFiles: string[] = [];
afterEach(() => {
  for (const file of pidFiles.splice(0)) killRecordedFake(file);
  removeTemporaryFolders();
});

const line = (message: unknown) => `${JSON.stringify(message)}\n`;

function startBridge(sandbox: Sandbox): JsonLinePeer {
  return startJsonLinePeer(process.execPath, [BRIDGE], { env: sandbox.env, cwd: sandbox.home });
}

describe("the Hermes bridge meets a bad peer", () => {
  it("GIVEN malformed lines, binary garbage, invalid UTF-8 and deep nesting WHEN they arrive between requests THEN every request is answered, stdout carries only answers, and it keeps serving", async () => {
    const bridge = startBridge(makeSandbox());
    const garbage = [
      "not json\n",
      "{\n",
      "[1, 2]\n",
      "null\n",
      line({ tool: "openspec_source_list" }),
      line({ id: { object: true }, op: "ping" }),
      line({ id: "no-such-op", op: "shutdown" }),
      line({ id: "bad-tool", tool: 42 }),
      Buffer.concat([
        randomBytes(256 * 1024).map((byte) => (byte === 10 ? 32 : byte)),
        Buffer.from("\n"),
      ]),
      Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x00, 0x0a]),
      `${"[".repeat(200_000)}${"]".repeat(200_000)}\n`,
      `{"id":"deep","tool":"openspec_context","args":{"identifier":${"[".repeat(5000)}${"]".repeat(5000)}}}\n`,
      line({
        id: "proto",
        tool: "openspec_context",
        args: JSON.parse('{"__proto__": {"polluted": true}, "identifier": "x"}'),
      }),
    ];
    for (const chunk of garbage) expect(await bridge.write(chunk)).toBe(true);
    expect(await bridge.answer("no-such-op")).toMatchObject({
      result: { ok: false, code: "invalid_request" },
    });
    expect(await bridge.answer("bad-tool")).toMatchObject({
      result: { ok: false, code: "invalid_request" },
    });
    expect(await bridge.answer("deep")).toMatchObject({
      result: { ok: false, code: "invalid_input" },
    });
    expect(await bridge.answer("proto")).toMatchObject({
      result: { ok: false, code: "invalid_input" },
    });
    await bridge.write(line({ id: "ping", op: "ping" }));
    expect(await bridge.answer("ping")).toMatchObject({ result: { ok: true, pong: true } });
    expect(bridge.strayLines).toEqual([]);
    bridge.child.stdin.end();
    expect(await bridge.exited).toEqual({ code: 0, signal: null });
  });

  it("GIVEN lines far longer than a request can be (64 MB without an id, 12 MB with one, 9 MB that fits) WHEN they arrive THEN each is refused or answered, the next request is answered, and the bridge stays under 150 MB", async () => {
    const bridge = startBridge(makeSandbox());
    await bridge.write(line({ id: "ping-before", op: "ping" }));
    await bridge.answer("ping-before");
    const megabyte = "x".repeat(MB);
    for (let written = 0; written < 64; written += 1) await bridge.write(megabyte);
    await bridge.write("\n");
    await bridge.write(
      line({ id: "too-big", tool: "openspec_context", args: { identifier: "a".repeat(12 * MB) } }),
    );
    await bridge.write(
      line({ id: "fits", tool: "openspec_context", args: { identifier: "a".repeat(9 * MB) } }),
    );
    await bridge.write(line({ id: "ping-after", op: "ping" }));
    expect(await bridge.answer("too-big")).toMatchObject({
      result: { ok: false, code: "request_too_large" },
    });
    expect(await bridge.answer("fits")).toMatchObject({
      result: { ok: false, code: "invalid_input" },
    });
    expect(await bridge.answer("ping-after")).toMatchObject({ result: { ok: true, pong: true } });
    const peak = peakRssBytes(bridge.child.pid ?? 0) ?? Number.POSITIVE_INFINITY;
    recordFigure(
      "bad peers hermes",
      `bridge peak RSS after 64 MB, 12 MB and 9 MB lines ${(peak / MB).toFixed(1)} MB`,
    );
    expect(peak).toBeLessThan(MEMORY_LIMIT_BYTES);
    bridge.child.stdin.end();
    expect(await bridge.exited).toEqual({ code: 0, signal: null });
  });

  it("GIVEN the Python plugin whose bridge keeps warm OpenSpec workers WHEN the Python process is killed with SIGKILL THEN the bridge and its workers exit on their own", async () => {
    const sandbox = makeSandbox({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    const { hermes, bridgePid, killPython } = await hermesWithBridge(sandbox);
    for (let call = 0; call < 3; call += 1)
      await hermes.call("openspec_list", { source: "shop", engine: "cli" });
    // The bridge keeps workers that have loaded the CLI (core's warm pool): they must die with it.
    expect(await waitFor(() => liveDescendants(bridgePid).length > 0, EVENTUALLY_MS)).toBe(true);
    const started = [bridgePid, ...liveDescendants(bridgePid)];
    killPython();
    expect(await waitFor(() => started.every(isGone), EVENTUALLY_MS)).toBe(true);
  });

  // The CLI runs in a process group of its own; the runner kills the groups still running when its host exits.
  it("GIVEN the Python plugin waiting on a call whose OpenSpec CLI never finishes WHEN the Python process is killed with SIGKILL THEN the bridge exits on its own and the CLI and its child are gone", async () => {
    const fake = hangingFake();
    pidFiles.push(fake.pidFile);
    const sandbox = makeSandbox({
      OPENSPEC_BIN: fake.bin,
      OPENSPEC_AGENT_CLI_TIMEOUT_MS: "60000",
      // The fake reports host pids in a file beside the repository: process mechanics, not confinement.
      OPENSPEC_AGENT_CONFINE: "off",
    });
    const { hermes, bridgePid, killPython } = await hermesWithBridge(sandbox);
    const call = hermes.call("openspec_list", { source: "shop" }).catch(() => undefined);
    expect(await waitFor(() => fake.pids().length === 2, EVENTUALLY_MS)).toBe(true);
    killPython();
    await call;
    expect(await waitFor(() => isGone(bridgePid), EVENTUALLY_MS)).toBe(true);
    expect(await waitFor(() => fake.pids().every(isGone), EVENTUALLY_MS)).toBe(true);
  });
});

/** The Hermes plugin loaded by Python with its bridge started, and a way to kill Python as Hermes might die. */
async function hermesWithBridge(sandbox: Sandbox) {
  await registerShop(sandbox);
  const hermes = await openHermesHost({ env: sandbox.env, cwd: sandbox.home });
  await hermes.call("openspec_source_list", {});
  const bridgePid = (await hermes.hostPid()) ?? 0;
  const pythonPid = readStat(bridgePid)?.ppid ?? 0;
  return { hermes, bridgePid, killPython: () => process.kill(pythonPid, "SIGKILL") };
}
