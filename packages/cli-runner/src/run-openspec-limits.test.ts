import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_OUTPUT_BYTES, runOpenSpec } from "./run-openspec.js";
import { writeFakeBin } from "./test-support/fake-bin.js";
import { waitForPids } from "./test-support/pid-file.js";
import { expectKilledByTimeout, isProcessRunning } from "./test-support/process-state.js";
import { useSandbox } from "./test-support/sandbox.js";

// Fake binaries for what the real CLI cannot be made to do on demand.
describe("runOpenSpec limits, with fake CLIs", () => {
  const box = useSandbox("all");
  const fakeBin = (name: string, body: string) =>
    writeFakeBin(box.current.makeDir("bin"), name, body);

  const run = (bin: string, options: { timeoutMs?: number; maxOutputBytes?: number } = {}) =>
    runOpenSpec({
      bin,
      args: ["list", "--json"],
      workdir: box.current.root,
      env: box.current.env,
      ...options,
    });

  it("GIVEN a CLI that ignores SIGTERM and has a grandchild WHEN it outlives the timeout THEN both are killed and the result is a timeout", async () => {
    const pidFile = join(box.current.root, "pids");
    const bin = fakeBin(
      "sleeper",
      // The ignored SIGTERM is inherited by the grandchild, so only SIGKILL to the group ends both.
      `trap '' TERM\nsleep 300 &\necho "$$ $!" > "${pidFile}"\nwait`,
    );
    const pending = run(bin, { timeoutMs: 300 });
    const pids = await waitForPids(pidFile);
    expect(pids.every(isProcessRunning)).toBe(true);

    const result = await pending;

    await expectKilledByTimeout(result, pids);
  });

  // 300 MB: three times the growth allowed below, so a run that kept the output would fail.
  it("GIVEN a CLI that prints 300 MB WHEN it runs THEN each stream keeps at most the cap, truncated is set and memory stays bounded", async () => {
    const bin = fakeBin(
      "flood",
      "yes 'openspec output line' | head -c 300000000\nyes 'stderr line' | head -c 3000000 >&2",
    );
    // In a process of its own: this worker is shared with other test files (isolate: false), so
    // its own RSS would count their memory too. The peak is the process's maximum resident set.
    const script = `
      const { runOpenSpec } = await import(${JSON.stringify(new URL("../dist/index.js", import.meta.url).href)});
      const rssBefore = process.memoryUsage().rss;
      const result = await runOpenSpec(JSON.parse(process.env.RUN_OPTIONS));
      console.log(JSON.stringify({
        result: { ...result, stdout: Buffer.byteLength(String(result.stdout)), stderr: Buffer.byteLength(result.stderr) },
        growth: process.resourceUsage().maxRSS * 1024 - rssBefore,
      }));
    `;
    const options = {
      bin,
      args: ["list", "--json"],
      workdir: box.current.root,
      env: box.current.env,
    };
    const output = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
      env: { ...process.env, RUN_OPTIONS: JSON.stringify(options) },
      encoding: "utf8",
      timeout: 170_000,
    });
    const { result, growth } = JSON.parse(output) as {
      result: { ok: boolean; stdout: number; stderr: number };
      growth: number;
    };

    expect(result).toMatchObject({ ok: true, truncated: true, diagnostics: [] });
    expect(result.stdout).toBe(DEFAULT_MAX_OUTPUT_BYTES);
    expect(result.stderr).toBe(DEFAULT_MAX_OUTPUT_BYTES);
    expect(growth).toBeLessThan(100 * 1024 * 1024);
  }, 180_000);

  it("GIVEN a cap that cuts a multi-byte character WHEN the output is kept THEN the half character is dropped, not garbled", async () => {
    const bin = fakeBin("umlauts", "printf 'aäöü'");
    const result = await run(bin, { maxOutputBytes: 4 });
    expect(result).toMatchObject({ ok: true, truncated: true, stdout: "aä" });
  });

  it("GIVEN a CLI that prints invalid JSON WHEN it exits 0 THEN stdout stays the text and there are no diagnostics", async () => {
    const bin = fakeBin("broken-json", `printf '{"changes": ['`);
    const result = await run(bin);
    expect(result).toMatchObject({ ok: true, stdout: '{"changes": [', diagnostics: [] });
  });

  it("GIVEN a CLI killed by a signal WHEN it ends THEN ok is false with killed_by_signal, no exit code and the signal", async () => {
    const bin = fakeBin("self-kill", "kill -KILL $$");
    const result = await run(bin);
    expect(result).toMatchObject({
      ok: false,
      code: "killed_by_signal",
      exit_code: null,
      signal: "SIGKILL",
      error: "The openspec CLI was killed by SIGKILL.",
    });
  });

  it("GIVEN a caller env with telemetry on WHEN running THEN the CLI sees telemetry off, no colour, no interactivity, and a closed stdin", async () => {
    const bin = fakeBin(
      "env-probe",
      // `cat` would block on an inherited stdin; a closed one ends it at once.
      `stdin=$(cat)\nprintf '{"telemetry":"%s","noColor":"%s","interactive":"%s","stdin":"%s","home":"%s"}' "$OPENSPEC_TELEMETRY" "$NO_COLOR" "$OPEN_SPEC_INTERACTIVE" "$stdin" "$HOME"`,
    );
    const result = await runOpenSpec({
      bin,
      args: [],
      workdir: box.current.root,
      env: { ...box.current.env, OPENSPEC_TELEMETRY: "1", NO_COLOR: undefined },
    });
    expect(result.stdout).toEqual({
      telemetry: "0",
      noColor: "1",
      interactive: "0",
      stdin: "",
      home: box.current.home,
    });
  });

  it("GIVEN an argument full of shell syntax WHEN running THEN it arrives as one literal argument and nothing is executed", async () => {
    const pwned = join(box.current.root, "pwned");
    const bin = fakeBin("echo-args", `printf '%s\\n' "$#" "$1"`);
    const hostile = `$(touch ${pwned}); touch ${pwned}`;
    const result = await runOpenSpec({
      bin,
      args: [hostile],
      workdir: box.current.root,
      env: box.current.env,
    });
    expect(result.stdout).toBe(`1\n${hostile}\n`);
    expect(existsSync(pwned)).toBe(false);
  });
});
