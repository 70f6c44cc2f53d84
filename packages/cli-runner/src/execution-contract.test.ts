import { existsSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runOpenSpec } from "./run-openspec.js";
import { writeFakeBin } from "./test-support/fake-bin.js";
import { REAL_CLI } from "./test-support/real-cli.js";
import { useRealCliRepo } from "./test-support/real-cli-fixture.js";

// Seed 000, "Requirement: CLI command execution contract": one test per scenario,
// each against the pinned real CLI.
describe("Requirement: CLI command execution contract", () => {
  const cli = useRealCliRepo();

  it("Scenario: Successful command — WHEN a CLI-backed tool runs an OpenSpec command successfully THEN it returns ok: true, the command, workdir, exit code, parsed stdout when stdout is JSON, stderr, and truncation status", async () => {
    const result = await cli.run(["list", "--json"]);
    expect(result).toMatchObject({
      ok: true,
      command: [REAL_CLI, "list", "--json"],
      workdir: cli.repo,
      exit_code: 0,
      stdout: { changes: [], root: { path: cli.repo, source: "nearest" } },
      stderr: "",
      truncated: false,
    });
  });

  it("Scenario: Failed command — WHEN a CLI-backed tool receives a non-zero OpenSpec CLI exit code THEN it returns ok: false with the same command, workdir, stdout, stderr, exit code, and truncation status", async () => {
    const args = ["show", "no-such-item", "--json", "--no-interactive"];
    const result = await cli.run(args);
    expect(result).toMatchObject({
      ok: false,
      code: "exit_nonzero",
      command: [REAL_CLI, ...args],
      workdir: cli.repo,
      exit_code: 1,
      stdout: { status: [{ severity: "error", code: "unknown_item" }] },
      stderr: "",
      truncated: false,
    });
  });

  describe("Scenario: Invalid workdir — WHEN a CLI-backed tool is called with a missing or non-directory workdir THEN it returns ok: false and does not execute the OpenSpec CLI", () => {
    // The real CLI behind a wrapper that leaves a marker, so "not executed" is observable.
    const runMarked = async (workdir: string) => {
      const marker = join(cli.sandbox.root, "cli-started");
      const bin = writeFakeBin(
        cli.sandbox.makeDir("wrapper"),
        "openspec",
        `touch "${marker}"\nexec "${process.execPath}" "${REAL_CLI}" "$@"`,
      );
      const result = await runOpenSpec({
        bin,
        args: ["list", "--json"],
        workdir,
        env: cli.sandbox.env,
      });
      const started = existsSync(marker);
      rmSync(marker, { force: true });
      return { result, started };
    };

    it.each([
      ["missing", () => join(cli.sandbox.root, "does-not-exist"), "does not exist"],
      ["a file", () => writeFile(join(cli.sandbox.root, "a-file")), "is not a directory"],
    ])(
      "GIVEN a workdir that is %s THEN ok: false and the CLI never starts",
      async (_, makeWorkdir, problem) => {
        const workdir = makeWorkdir();
        const { result, started } = await runMarked(workdir);
        expect(result).toMatchObject({
          ok: false,
          code: "invalid_workdir",
          workdir,
          exit_code: null,
          error: `The workdir ${workdir} ${problem}.`,
        });
        expect(started).toBe(false);
      },
    );

    it("GIVEN a valid workdir (control) THEN the same wrapper does start the CLI", async () => {
      const { result, started } = await runMarked(cli.repo);
      expect(result.ok).toBe(true);
      expect(started).toBe(true);
    });
  });

  it("Scenario: Command timeout — WHEN an OpenSpec CLI command runs longer than the configured timeout THEN it returns ok: false with the command, workdir, and timeout error", async () => {
    // 1 ms is far below the CLI's start-up time, so the real CLI always outlives it.
    const result = await cli.run(["list", "--json"], { timeoutMs: 1 });
    expect(result).toMatchObject({
      ok: false,
      code: "timeout",
      command: [REAL_CLI, "list", "--json"],
      workdir: cli.repo,
      exit_code: null,
      signal: "SIGTERM",
      error: "The openspec CLI did not finish within 1 ms, so its process group was killed.",
    });
  });
});

function writeFile(path: string): string {
  writeFileSync(path, "not a directory");
  return path;
}
