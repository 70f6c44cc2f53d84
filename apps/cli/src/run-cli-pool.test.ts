import { createOpenSpecPool, findConfinement } from "@org/openspec-cli-runner";
import {
  isolatedEnvironment,
  makeOpenSpecRepository,
  REAL_OPENSPEC_BIN,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "./program.js";

afterEach(removeTemporaryFolders);

const quiet = { out: () => {}, err: () => {}, color: false };

describe("runCli with warm OpenSpec workers the caller keeps", () => {
  it("GIVEN a pool warmed for the real CLI, for the repository's view where runs are confined, WHEN two command lines run CLI-backed tools through runCli THEN warm workers answer them, and the answers are the cold ones", async () => {
    const { env } = isolatedEnvironment({ OPENSPEC_BIN: REAL_OPENSPEC_BIN });
    const root = makeOpenSpecRepository({
      "openspec/changes/add-login/proposal.md": "## Why\nUsers need accounts.\n",
    });
    const pool = createOpenSpecPool({ env });
    try {
      // Where the CLI runs confined, a worker serves one source's view: warm it for this one.
      const view = findConfinement().ok ? { root, writable: false } : undefined;
      expect(await pool.warm(REAL_OPENSPEC_BIN, view)).toBe(true);
      const printed: string[] = [];
      const capture = { ...quiet, out: (text: string) => printed.push(text) };
      const args = [
        "call",
        "openspec_list",
        `--args=${JSON.stringify({ workdir: root, engine: "cli" })}`,
      ];

      expect(await runCli(args, { env, cwd: root, terminal: capture, pool })).toBe(0);
      expect(await runCli(args, { env, cwd: root, terminal: capture, pool })).toBe(0);
      const cold: string[] = [];
      expect(
        await runCli(args, {
          env,
          cwd: root,
          terminal: { ...quiet, out: (text) => cold.push(text) },
        }),
      ).toBe(0);

      expect(pool.stats().warm).toBe(2);
      const stdoutOf = (text: string | undefined) => JSON.parse(text ?? "{}").stdout;
      expect(stdoutOf(printed[0])).toEqual(stdoutOf(cold[0]));
      expect(stdoutOf(printed[1])).toEqual(stdoutOf(cold[0]));
    } finally {
      pool.close();
    }
  });
});
