import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createOpenSpecPool, type OpenSpecPool } from "./pool/create-openspec-pool.js";
import { runOpenSpec } from "./run-openspec.js";
import type { RunProgress } from "./run-progress.js";
import { writeFakeBin } from "./test-support/fake-bin.js";
import { writeFakeOpenSpecPackage } from "./test-support/fake-openspec-package.js";
import { waitForPids } from "./test-support/pid-file.js";
import { isProcessRunning, survivingProcesses } from "./test-support/process-state.js";
import { useSandbox } from "./test-support/sandbox.js";

// Fake binaries: the real CLI cannot be made to run long on demand.
describe("runOpenSpec with a signal and a progress listener", () => {
  const box = useSandbox("each");
  const pools: OpenSpecPool[] = [];
  afterEach(() => {
    for (const pool of pools.splice(0)) pool.close();
  });

  it("GIVEN a signal aborted before the call WHEN the run is asked for THEN the CLI is never spawned and the result is cancelled", async () => {
    const marker = join(box.current.root, "spawned");
    const bin = writeFakeBin(box.current.makeDir("bin"), "marker", `touch "${marker}"`);
    const controller = new AbortController();
    controller.abort();

    const result = await runOpenSpec({
      bin,
      args: ["list", "--json"],
      workdir: box.current.root,
      env: box.current.env,
      signal: controller.signal,
    });

    expect(result).toMatchObject({ ok: false, code: "cancelled", exit_code: null });
    expect(existsSync(marker)).toBe(false);
  });

  it("GIVEN a CLI that ignores SIGTERM and has a grandchild WHEN the signal is aborted mid-run THEN the whole group is killed and the result is cancelled, not a timeout", async () => {
    const pidFile = join(box.current.root, "pids");
    const bin = writeFakeBin(
      box.current.makeDir("bin"),
      "sleeper",
      `trap '' TERM\nsleep 300 &\necho "$$ $!" > "${pidFile}"\nwait`,
    );
    const controller = new AbortController();
    const pending = runOpenSpec({
      bin,
      args: ["validate", "--all", "--json"],
      workdir: box.current.root,
      env: box.current.env,
      timeoutMs: 600_000,
      signal: controller.signal,
    });
    const pids = await waitForPids(pidFile);
    expect(pids.every(isProcessRunning)).toBe(true);

    controller.abort();
    const result = await pending;

    expect(result).toMatchObject({ ok: false, code: "cancelled", signal: "SIGKILL" });
    expect(await survivingProcesses(pids)).toEqual([]);
  });

  it("GIVEN a CLI that runs for a while WHEN a progress listener is given THEN it hears the start and heartbeats naming the command, never its flags", async () => {
    const bin = writeFakeBin(box.current.makeDir("bin"), "slow", "sleep 1");
    const heard: RunProgress[] = [];

    const result = await runOpenSpec({
      bin,
      args: ["validate", "add-auth", "--strict", "--json"],
      workdir: box.current.root,
      env: box.current.env,
      onProgress: (progress) => heard.push(progress),
      progressIntervalMs: 100,
    });

    expect(result.ok).toBe(true);
    expect(heard[0]).toMatchObject({
      stage: "started",
      message: "running openspec validate add-auth",
    });
    expect(heard.slice(1).length).toBeGreaterThan(0);
    for (const progress of heard.slice(1)) {
      expect(progress).toMatchObject({
        stage: "running",
        message: "still running openspec validate add-auth",
      });
    }
    const times = heard.map((progress) => progress.elapsed_ms);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("GIVEN a progress listener that throws WHEN the CLI runs THEN the run still succeeds", async () => {
    const bin = writeFakeBin(box.current.makeDir("bin"), "quick", "echo '{}'");

    const result = await runOpenSpec({
      bin,
      args: ["list", "--json"],
      workdir: box.current.root,
      env: box.current.env,
      onProgress: () => {
        throw new Error("a broken host");
      },
    });

    expect(result.ok).toBe(true);
  });

  it("GIVEN a command on a warm worker WHEN it is cancelled THEN the worker's group is gone and the next command runs warm on a replacement", async () => {
    const pidFile = join(box.current.root, "worker-pid");
    const bin = writeFakeOpenSpecPackage(
      box.current.makeDir("pkg/node_modules/@fission-ai/openspec"),
      `import { writeFileSync } from "node:fs";
async function run(argv) {
  if (argv[2] === "hang") {
    writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
    await new Promise(() => setInterval(() => {}, 1000));
  }
  console.log(JSON.stringify({ ran: argv[2] }));
}
export const program = { parseAsync: (argv) => run(argv) };
export function runCli(argv = process.argv) { void run(argv); }
`,
    );
    const pool = createOpenSpecPool({ env: box.current.env, size: 1 });
    pools.push(pool);
    expect(await pool.warm(bin)).toBe(true);
    const run = (command: string, signal?: AbortSignal) =>
      runOpenSpec({
        bin,
        args: [command],
        workdir: box.current.root,
        env: box.current.env,
        pool,
        timeoutMs: 600_000,
        ...(signal === undefined ? {} : { signal }),
      });
    const controller = new AbortController();

    const pending = run("hang", controller.signal);
    const [workerPid] = await waitForPids(pidFile);
    controller.abort();
    const cancelled = await pending;
    const after = await run("report");

    expect(cancelled).toMatchObject({ ok: false, code: "cancelled" });
    expect(await survivingProcesses([workerPid ?? -1])).toEqual([]);
    expect(after).toMatchObject({ ok: true, stdout: { ran: "report" } });
    expect(pool.stats()).toMatchObject({ warm: 2 });
  });
});
