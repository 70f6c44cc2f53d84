import { existsSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createOpenSpecLocator } from "./create-openspec-locator.js";
import { runOpenSpec } from "./run-openspec.js";
import { writeFakeBin } from "./test-support/fake-bin.js";
import { REAL_CLI } from "./test-support/real-cli.js";
import { useRealCliRepo } from "./test-support/real-cli-fixture.js";
import { useSandbox } from "./test-support/sandbox.js";

describe("runOpenSpec with the real CLI", () => {
  const cli = useRealCliRepo();

  it("GIVEN an unknown store WHEN listing THEN exit 1 and the CLI's diagnostic is surfaced with its target and fix", async () => {
    const result = await cli.run(["list", "--json", "--store", "nope"]);
    expect(result).toMatchObject({
      ok: false,
      code: "exit_nonzero",
      exit_code: 1,
      stdout: { changes: [], root: null },
      diagnostics: [
        {
          severity: "error",
          code: "no_registered_stores",
          message: "Unknown store 'nope'. No stores are registered.",
          target: "store.id",
          fix: expect.stringContaining("openspec store setup nope"),
        },
      ],
      error: "The openspec CLI exited with code 1: Unknown store 'nope'. No stores are registered.",
      fix: expect.stringContaining("{openspec} store setup nope"),
    });
  });

  it("GIVEN a folder without an openspec root WHEN running doctor THEN its null-shape payload is kept as printed and no_openspec_root is surfaced", async () => {
    const result = await cli.run(["doctor", "--json"], { workdir: cli.sandbox.makeDir("bare") });
    expect(result).toMatchObject({
      ok: false,
      exit_code: 1,
      stdout: { root: null, store: null, references: [] },
      diagnostics: [{ code: "no_openspec_root", target: "openspec.root" }],
    });
  });

  it("GIVEN an unknown command WHEN running THEN exit 1 with only stderr: stdout stays empty text and the error quotes stderr", async () => {
    const result = await cli.run(["no-such-command", "--json"]);
    expect(result).toMatchObject({
      ok: false,
      code: "exit_nonzero",
      exit_code: 1,
      stdout: "",
      stderr: "error: unknown command 'no-such-command'\n",
      diagnostics: [],
      error: "The openspec CLI exited with code 1: error: unknown command 'no-such-command'",
      fix: "Correct what the CLI reports, then call again.",
    });
  });

  it.each([
    [
      "OPENSPEC_BIN in the run's env",
      () => ({ env: { ...cli.sandbox.env, OPENSPEC_BIN: REAL_CLI } }),
    ],
    [
      "a locator",
      () => ({
        locator: createOpenSpecLocator({ env: { OPENSPEC_BIN: REAL_CLI }, home: cli.sandbox.home }),
      }),
    ],
  ])(
    "GIVEN no bin but %s WHEN running THEN the CLI is discovered through it",
    async (_, discovery) => {
      const result = await cli.run(["list", "--json"], { bin: undefined, ...discovery() });
      expect(result).toMatchObject({ ok: true, command: [REAL_CLI, "list", "--json"] });
    },
  );
});

describe("runOpenSpec refusals before any process starts", () => {
  const box = useSandbox("all");
  let marker: string;
  let bin: string;
  beforeAll(() => {
    marker = join(box.current.root, "started");
    bin = writeFakeBin(box.current.makeDir("bin"), "openspec", `touch "${marker}"\necho '{}'`);
  });

  it.each([
    ["an empty workdir", "", "The workdir is empty; pass the absolute path of a directory."],
    ["a relative workdir", "repo", "The workdir repo is relative; pass an absolute path."],
  ])(
    "GIVEN %s WHEN running THEN fails with invalid_workdir and starts nothing",
    async (_, workdir, error) => {
      const result = await runOpenSpec({ bin, args: ["list"], workdir, env: box.current.env });
      expect(result).toMatchObject({
        ok: false,
        code: "invalid_workdir",
        command: [bin, "list"],
        error,
      });
      expect(existsSync(marker)).toBe(false);
    },
  );

  it("GIVEN an argument with a NUL byte WHEN running THEN fails with invalid_argument and starts nothing", async () => {
    const result = await runOpenSpec({
      bin,
      args: ["show", "a\0b"],
      workdir: box.current.root,
      env: box.current.env,
    });
    expect(result).toMatchObject({
      ok: false,
      code: "invalid_argument",
      error: "Argument 1 contains a NUL byte.",
    });
    expect(existsSync(marker)).toBe(false);
  });

  it.each([
    [
      "timeoutMs",
      { timeoutMs: 0 },
      "timeoutMs is 0; it must be a whole number from 1 to 2147483647 (ms).",
    ],
    [
      "timeoutMs above Node's timer limit (it would fire at once)",
      { timeoutMs: 3_000_000_000 },
      "timeoutMs is 3000000000; it must be a whole number from 1 to 2147483647 (ms).",
    ],
    [
      "maxOutputBytes",
      { maxOutputBytes: 1.5 },
      "maxOutputBytes is 1.5; it must be a whole number from 1 to 268435456 (bytes).",
    ],
  ])(
    "GIVEN a bad %s WHEN running THEN fails with invalid_argument and starts nothing",
    async (_, limits, error) => {
      const result = await runOpenSpec({
        bin,
        args: ["list"],
        workdir: box.current.root,
        env: box.current.env,
        ...limits,
      });
      expect(result).toMatchObject({ ok: false, code: "invalid_argument", error });
      expect(existsSync(marker)).toBe(false);
    },
  );

  it("GIVEN no CLI anywhere WHEN running without a bin THEN fails with openspec_not_found and the install fix", async () => {
    const result = await runOpenSpec({
      args: ["list", "--json"],
      workdir: box.current.root,
      env: {
        PATH: box.current.makeDir("empty-path"),
        HOME: box.current.home,
        OPENSPEC_AGENT_BUNDLED_CLI: "0",
      },
    });
    expect(result).toMatchObject({
      ok: false,
      code: "openspec_not_found",
      command: ["openspec", "list", "--json"],
      exit_code: null,
      error: expect.stringContaining("npm install -g @fission-ai/openspec"),
    });
  });

  it("GIVEN a bin path that does not exist WHEN running THEN fails with spawn_failed naming the path", async () => {
    const missing = join(box.current.root, "missing-openspec");
    const result = await runOpenSpec({
      bin: missing,
      args: ["list"],
      workdir: box.current.root,
      env: box.current.env,
    });
    expect(result).toMatchObject({
      ok: false,
      code: "spawn_failed",
      command: [missing, "list"],
      exit_code: null,
      error: expect.stringMatching(
        /^The openspec CLI at .*missing-openspec could not be started: .*ENOENT/,
      ),
    });
  });
});
