import { spawnSync } from "node:child_process";
import {
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { CLI_BIN, runBin } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

const ERASE_LINE = "\r\u001b[2K";
/** util-linux `script` gives the command a pseudo-terminal, as a person's shell would. */
const HAS_SCRIPT = spawnSync("script", ["--version"]).status === 0;

/** What a person's terminal shows (stdout and stderr both) when the command runs in it. */
function inTerminal(args: string[], cwd: string, env: Record<string, string | undefined>): string {
  const line = [process.execPath, CLI_BIN, ...args].map((word) => `'${word}'`).join(" ");
  const run = spawnSync("script", ["-qec", line, "/dev/null"], {
    cwd,
    env,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    timeout: 120_000,
  });
  expect(run.status).toBe(0);
  return run.stdout;
}

describe("progress while a slow command runs", () => {
  it.skipIf(!HAS_SCRIPT)(
    "GIVEN a terminal WHEN validate runs THEN a status line says which OpenSpec command runs, and is wiped before the answer",
    () => {
      const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
      const root = makeOpenSpecRepository(DARK_MODE_CHANGE);

      const shown = inTerminal(["validate"], root, env);

      expect(shown).toContain(`${ERASE_LINE}⠋ running openspec validate`);
      const answer = shown.indexOf("1 items, 1 valid, 0 invalid");
      expect(answer).toBeGreaterThan(shown.lastIndexOf(ERASE_LINE));
    },
  );

  it.skipIf(!HAS_SCRIPT)(
    "GIVEN a terminal WHEN validate runs with --json THEN no status line: the JSON is all there is",
    () => {
      const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
      const root = makeOpenSpecRepository(DARK_MODE_CHANGE);

      const shown = inTerminal(["validate", "--json"], root, env);

      expect(shown).not.toContain("running openspec");
      expect(shown).not.toContain(ERASE_LINE);
      expect(JSON.parse(shown)).toMatchObject({ ok: true });
    },
  );

  it("GIVEN stderr in a pipe WHEN validate runs THEN no progress reaches it", () => {
    const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);

    const run = runBin(["validate"], { env, cwd: root });

    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("1 items, 1 valid, 0 invalid");
  });
});
