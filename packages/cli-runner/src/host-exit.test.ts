import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeFakeBin } from "./test-support/fake-bin.js";
import { EVENTUALLY_MS, exitOf, waitForPids, writePidsLine } from "./test-support/pid-file.js";
import { survivingProcesses } from "./test-support/process-state.js";
import { useSandbox } from "./test-support/sandbox.js";

const BUILT_RUNNER = join(import.meta.dirname, "..", "dist", "index.js");

// On a loaded machine this test once ran into the runner's 180 s timeout. The
// host exited as soon as the pid file existed, and `echo > file` creates the
// file empty before it writes: a host that looked in between killed the CLI's
// group (as it should) before the pids were written, and the test waited
// forever for pids that would never come. The pids are now written whole
// (renamed into place), and every wait fails fast naming what it waited for.
// The three waits share one deadline: a minute each would add up to the runner's 180 s.
describe("a host that exits during a run", () => {
  const box = useSandbox("each");

  it("GIVEN a CLI run with a grandchild in progress WHEN the host process exits THEN the CLI and its child are gone too", async () => {
    const pidFile = join(box.current.root, "pids");
    const bin = writeFakeBin(
      box.current.makeDir("bin"),
      "openspec",
      `sleep 300 &\n${writePidsLine(pidFile)}\nwait`,
    );
    // A host that starts a run, then exits as a host does when its stdin closes.
    const host = join(box.current.root, "host.mjs");
    writeFileSync(
      host,
      [
        `import { existsSync } from "node:fs";`,
        `import { runOpenSpec } from ${JSON.stringify(BUILT_RUNNER)};`,
        `void runOpenSpec({ bin: ${JSON.stringify(bin)}, args: ["list"], workdir: ${JSON.stringify(box.current.root)}, timeoutMs: 600000 });`,
        `const timer = setInterval(() => { if (existsSync(${JSON.stringify(pidFile)})) { clearInterval(timer); process.exit(0); } }, 20);`,
      ].join("\n"),
    );
    const child = spawn(process.execPath, [host], { env: box.current.env, stdio: "ignore" });

    const deadline = Date.now() + EVENTUALLY_MS;
    const left = () => Math.max(0, deadline - Date.now());
    try {
      const pids = await waitForPids(pidFile, { writer: child, timeoutMs: left() });
      expect(await exitOf(child, left())).toEqual([0, null]);
      expect(await survivingProcesses(pids, left())).toEqual([]);
    } finally {
      // A host that never started its run would poll forever.
      child.kill("SIGKILL");
    }
  });
});
