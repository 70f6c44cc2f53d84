import { spawn } from "node:child_process";
import { once } from "node:events";
import { join } from "node:path";
import { type HostUnderTest, openMcpHost } from "@org/host-harness";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { makeSandbox, type Sandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";

const HOLD_LOCK = join(import.meta.dirname, "workers", "hold-registry-lock.mjs");

let sandbox: Sandbox;
let host: HostUnderTest;

beforeAll(async () => {
  sandbox = makeSandbox();
  await registerShop(sandbox);
  host = await openMcpHost({ env: sandbox.env, cwd: sandbox.home });
});

afterAll(async () => {
  await host?.close();
  removeTemporaryFolders();
});

async function timed(call: Promise<unknown>): Promise<{ answer: unknown; ms: number }> {
  const started = performance.now();
  const answer = await call;
  return { answer, ms: Math.round(performance.now() - started) };
}

describe("a registry write lock held by another process", () => {
  // better-sqlite3's busy wait once ran on the event loop: the server answered nothing for 10 s per waiting write.
  it("GIVEN another process holds BEGIN IMMEDIATE on the registry WHEN openspec_source_add waits through the MCP server THEN openspec_context and openspec_source_list answer meanwhile, and the add completes once the lock is released", async () => {
    const holder = spawn(process.execPath, [HOLD_LOCK, String(sandbox.env.OPENSPEC_AGENT_DB)], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    await once(holder.stdout, "data");
    let addSettled = false;
    const adding = host.call("openspec_source_add", { path: sandbox.outside, name: "beside" });
    void adding.then(() => {
      addSettled = true;
    });

    const context = await timed(host.call("openspec_context", { identifier: "shop" }));
    const listed = await timed(host.call("openspec_source_list", {}));
    const addWaitedMeanwhile = !addSettled;
    holder.stdin.end();
    await once(holder, "exit");
    const added = await adding;

    recordFigure(
      "registry lock",
      `while a write waited on the lock: openspec_context ${context.ms} ms, openspec_source_list ${listed.ms} ms`,
    );
    expect(context.answer).toMatchObject({
      kind: "result",
      result: { ok: true, path: sandbox.repo },
    });
    expect(listed.answer).toMatchObject({ kind: "result", result: { ok: true } });
    // The order of events is the check, not a time: both reads answered while the add still waited.
    expect(addWaitedMeanwhile).toBe(true);
    expect(added).toMatchObject({
      kind: "result",
      result: { ok: true, source: { name: "beside", path: sandbox.outside } },
    });
  });
});
