import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fakeOpenSpecBinary, removeTemporaryFolders, temporaryFolder } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { recordFigure } from "./figures/record-figure.js";
import { killRecordedFake } from "./processes/kill-recorded-fake.js";
import { startMcpPeer } from "./processes/mcp-peer.js";
import { isGone, liveDescendants } from "./processes/process-state.js";
import { EVENTUALLY_MS, waitFor } from "./processes/wait-for.js";
import { makeSandbox } from "./sandbox/make-sandbox.js";
import { registerShop } from "./sandbox/register-shop.js";

const pidFiles: string[] = [];
afterEach(() => {
  for (const file of pidFiles.splice(0)) killRecordedFake(file);
  removeTemporaryFolders();
});

const line = (message: unknown) => `${JSON.stringify(message)}\n`;

/** Cancelled calls, each with a second call queued behind it and cancelled first. */
const ROUNDS = 4;
/**
 * Far beyond a kill's grace (1 s) on a loaded machine, and far below the CLI's 600 s timeout: a
 * process still there at this point was left behind by the cancel, not yet ended by the timeout.
 */
const GONE_WITHIN_MS = EVENTUALLY_MS;

/**
 * A fake CLI (the real one cannot be made to hang on demand) that appends one
 * line per run to `<dir>/runs`. While `<dir>/behaviour` says hang it ignores
 * SIGTERM, starts a child that ignores it too, writes "<pid> <child pid>" to
 * `<dir>/pids` and waits; otherwise it answers with an empty list.
 */
function cancellableFake() {
  const dir = temporaryFolder("cancel-fake-");
  writeFileSync(join(dir, "behaviour"), "hang");
  const bin = fakeOpenSpecBinary(
    [
      `echo "$$" >> '${dir}/runs'`,
      `if [ "$(/usr/bin/cat '${dir}/behaviour')" = hang ]; then`,
      `  trap '' TERM; /usr/bin/sleep 600 & echo "$$ $!" > '${dir}/pids'; wait`,
      "fi",
      `printf '{"changes":[]}\\n'`,
    ].join("\n"),
  );
  const pidFile = join(dir, "pids");
  const read = (name: string) => {
    try {
      return readFileSync(join(dir, name), "utf8").trim();
    } catch {
      return "";
    }
  };
  return {
    bin,
    pidFile,
    pids: () => read("pids").split(" ").filter(Boolean).map(Number),
    runs: () => read("runs").split("\n").filter(Boolean).length,
    answer: () => writeFileSync(join(dir, "behaviour"), "answer"),
  };
}

// A client that cancels a tools/call (notifications/cancelled) used to leave
// the CLI run behind it going until its timeout, 120 s by default: the server
// only stopped waiting for it.
describe("a cancelled tools/call through the MCP server", () => {
  it(`GIVEN a CLI that hangs with a child, one run at a time WHEN ${ROUNDS} calls are cancelled while running, each with a queued call cancelled before it THEN every CLI process is gone, a queued call never starts one, and the server answers the next call`, async () => {
    const fake = cancellableFake();
    pidFiles.push(fake.pidFile);
    const sandbox = makeSandbox({
      OPENSPEC_BIN: fake.bin,
      // The fake reports host pids and logs beside the repository: process mechanics, not confinement.
      OPENSPEC_AGENT_CONFINE: "off",
      OPENSPEC_AGENT_CLI_CONCURRENCY: "1",
      OPENSPEC_AGENT_CLI_TIMEOUT_MS: "600000",
    });
    await registerShop(sandbox);
    const { peer, call } = await startMcpPeer({ env: sandbox.env, cwd: sandbox.home });
    const cancel = (requestId: string) =>
      peer.write(
        line({
          jsonrpc: "2.0",
          method: "notifications/cancelled",
          params: { requestId, reason: "no longer needed" },
        }),
      );
    const startCall = (id: string) =>
      peer.write(
        line({
          jsonrpc: "2.0",
          id,
          method: "tools/call",
          params: { name: "openspec_list", arguments: { source: "shop" } },
        }),
      );
    const goneAfterMs: number[] = [];
    try {
      for (let round = 1; round <= ROUNDS; round += 1) {
        rmSync(fake.pidFile, { force: true });
        await startCall(`running-${round}`);
        expect(await waitFor(() => fake.pids().length === 2, GONE_WITHIN_MS)).toBe(true);
        const pids = fake.pids();
        await startCall(`queued-${round}`);

        await cancel(`queued-${round}`);
        await cancel(`running-${round}`);
        const cancelledAt = Date.now();
        const gone = await waitFor(() => pids.every(isGone), GONE_WITHIN_MS);
        goneAfterMs.push(Date.now() - cancelledAt);

        expect(gone, `round ${round}: pids ${pids.join(" ")}`).toBe(true);
      }
      fake.answer();
      const after = await call("openspec_list", { source: "shop" });

      expect(after).toMatchObject({ ok: true, stdout: { changes: [] } });
      // One run per cancelled running call, and the answered one: no queued call started the CLI.
      expect(fake.runs()).toBe(ROUNDS + 1);
      expect(liveDescendants(peer.child.pid ?? -1).filter(isFake)).toEqual([]);
      expect(peer.strayLines).toEqual([]);
    } finally {
      peer.child.stdin.end();
      await peer.exited;
    }
    recordFigure(
      "cancelled calls",
      `${ROUNDS} running + ${ROUNDS} queued cancelled; CLI group gone ${Math.min(...goneAfterMs)}–${Math.max(...goneAfterMs)} ms after the cancel`,
    );
  });
});

/** Whether `pid` runs the fake's `sleep` or its shell: what a cancelled call must not leave. */
function isFake(pid: number): boolean {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    return cmdline.includes("sleep") || cmdline.includes("fake-bin-");
  } catch {
    return false;
  }
}
