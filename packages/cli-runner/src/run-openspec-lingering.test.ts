import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runOpenSpec } from "./run-openspec.js";
import { writeFakeBin } from "./test-support/fake-bin.js";
import { waitForPids } from "./test-support/pid-file.js";
import { survivingProcesses } from "./test-support/process-state.js";
import { useSandbox } from "./test-support/sandbox.js";

// Fake binaries: the real CLI never leaves a child behind on demand.
describe("a CLI that exits while something it started lives on", () => {
  const box = useSandbox("each");
  const run = (body: string) => {
    const bin = writeFakeBin(box.current.makeDir("bin"), "openspec", body);
    return runOpenSpec({
      bin,
      args: ["list", "--json"],
      workdir: box.current.root,
      env: box.current.env,
      // Far beyond the grace period: the old defect answered `timeout` at this deadline, which the
      // `ok: true` checks catch whatever the machine's speed.
      timeoutMs: 60_000,
    });
  };
  const pidFile = () => join(box.current.root, "pids");

  it("GIVEN a CLI that exits 0 while a background child holds stdout WHEN it runs THEN the answer is ok with the parsed JSON, not a timeout, and the child is gone", async () => {
    const result = await run(
      `sleep 300 &\necho "$!" > "${pidFile()}"\necho '{"changes":[]}'\nexit 0`,
    );
    const pids = await waitForPids(pidFile());
    expect(result).toMatchObject({ ok: true, exit_code: 0, signal: null, stdout: { changes: [] } });
    expect(await survivingProcesses(pids)).toEqual([]);
  });

  it("GIVEN a child that left the process group with setsid and holds stdout WHEN the CLI exits THEN the answer is ok, not a timeout: the runner stops reading instead of waiting for it", async () => {
    // The pinned CLI never leaves its group; this is about not hanging on a pipe someone else holds.
    const result = await run(
      `setsid sleep 300 &\necho "$!" > "${pidFile()}"\necho '{"changes":[]}'\nexit 0`,
    );
    const pids = await waitForPids(pidFile());
    for (const pid of pids) process.kill(pid, "SIGKILL");
    expect(result).toMatchObject({ ok: true, exit_code: 0, stdout: { changes: [] } });
  });
});
