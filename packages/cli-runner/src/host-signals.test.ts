import { spawn } from "node:child_process";
import { once } from "node:events";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { writeFakeBin } from "./test-support/fake-bin.js";
import { waitForPids } from "./test-support/pid-file.js";
import { isProcessRunning } from "./test-support/process-state.js";
import { useSandbox } from "./test-support/sandbox.js";

const BUILT_RUNNER = join(import.meta.dirname, "..", "dist", "index.js");

describe("a host stopped by a signal during a run", () => {
  const box = useSandbox("each");

  // A host that starts a run that never ends; with `handle`, it uses exitOnHostSignals.
  const startHost = (handle: boolean) => {
    const pidFile = join(box.current.root, "pids");
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
        "setInterval(() => {}, 1000);",
      ].join("\n"),
    );
    const child = spawn(process.execPath, [host], { env: box.current.env, stdio: "ignore" });
    const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
    return { child, exited, pids: waitForPids(pidFile) };
  };
  // Generous: on a loaded machine the watchdog's next look can come late; only a hang should fail.
  const survivors = async (pids: number[]) => {
    for (let tries = 0; tries < 1500 && pids.some(isProcessRunning); tries += 1) await delay(20);
    return pids.filter(isProcessRunning);
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
      expect(await survivors(started)).toEqual([]);
    },
    60_000,
  );

  it("GIVEN a host killed with SIGKILL, which runs no code at all WHEN it dies THEN the watchdog kills the CLI's group", {
    timeout: 60_000,
  }, async () => {
    const { child, exited, pids } = startHost(false);
    const started = await pids;
    child.kill("SIGKILL");
    expect(await exited).toEqual([null, "SIGKILL"]);
    expect(await survivors(started)).toEqual([]);
  });
});
