import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeFakeBin } from "./test-support/fake-bin.js";
import { exitOf, waitForPids } from "./test-support/pid-file.js";
import { survivingProcesses } from "./test-support/process-state.js";
import { useSandbox } from "./test-support/sandbox.js";

const BUILT_RUNNER = join(import.meta.dirname, "..", "dist", "index.js");

describe("a host stopped by a signal during a run", () => {
  const box = useSandbox("each");

  // A host that starts a run that never ends; with `handle`, it uses exitOnHostSignals.
  // The runner tells the watchdog about a run in the same synchronous step as its
  // launch, but the CLI runs from the moment the OS starts it: a host killed in
  // between (microseconds of its own CPU, more when the machine is loaded) has not
  // told anyone yet. So the test stops the host only once the host has seen the
  // CLI's pid file, which it does in a later turn of its event loop.
  const startHost = (handle: boolean) => {
    const pidFile = join(box.current.root, "pids");
    const hostSawCli = join(box.current.root, "host-saw-cli");
    const bin = writeFakeBin(
      box.current.makeDir("bin"),
      "openspec",
      `trap '' TERM INT HUP\nsleep 300 &\necho "$$ $!" > "${pidFile}"\nwait`,
    );
    const host = join(box.current.root, "host.mjs");
    writeFileSync(
      host,
      [
        `import { exitOnHostSignals, runOpenSpec } from ${JSON.stringify(BUILT_RUNNER)};`,
        handle ? "exitOnHostSignals();" : "",
        `void runOpenSpec({ bin: ${JSON.stringify(bin)}, args: ["list"], workdir: ${JSON.stringify(box.current.root)}, timeoutMs: 600000 });`,
        `import { existsSync, writeFileSync } from "node:fs";`,
        `const timer = setInterval(() => { if (existsSync(${JSON.stringify(pidFile)})) { clearInterval(timer); writeFileSync(${JSON.stringify(hostSawCli)}, String(process.pid)); } }, 20);`,
        "setInterval(() => {}, 1000);",
      ].join("\n"),
    );
    const child = spawn(process.execPath, [host], { env: box.current.env, stdio: "ignore" });
    const exited = exitOf(child);
    const pids = waitForPids(hostSawCli, { writer: child }).then(() =>
      waitForPids(pidFile, { writer: child }),
    );
    return { child, exited, pids };
  };
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
    ["SIGHUP", 129],
  ] as const)(
    "GIVEN exitOnHostSignals WHEN the host gets %s THEN it exits with %i and the CLI and its child are gone",
    async (signal, code) => {
      const { child, exited, pids } = startHost(true);
      const started = await pids;
      child.kill(signal);
      expect(await exited).toEqual([code, null]);
      expect(await survivingProcesses(started)).toEqual([]);
    },
    120_000,
  );

  it("GIVEN a host killed with SIGKILL, which runs no code at all WHEN it dies THEN the watchdog kills the CLI's group", {
    timeout: 120_000,
  }, async () => {
    const { child, exited, pids } = startHost(false);
    const started = await pids;
    child.kill("SIGKILL");
    expect(await exited).toEqual([null, "SIGKILL"]);
    expect(await survivingProcesses(started)).toEqual([]);
  });
});
