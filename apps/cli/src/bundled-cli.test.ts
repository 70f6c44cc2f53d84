import {
  DARK_MODE_CHANGE,
  isolatedEnvironment,
  makeOpenSpecRepository,
  removeTemporaryFolders,
} from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { runBin } from "./test-support/run-bin.js";

afterEach(removeTemporaryFolders);

describe("openspec-agent without OPENSPEC_BIN or openspec on PATH", () => {
  // The user's machine has no openspec anywhere; only the one installed with openspec-agent.
  const setUp = () => {
    const { env } = isolatedEnvironment({ PATH: "", OPENSPEC_AGENT_BUNDLED_CLI: undefined });
    const root = makeOpenSpecRepository(DARK_MODE_CHANGE);
    return { root, run: (args: string[]) => runBin(args, { env, cwd: root }) };
  };

  it("GIVEN a real repository WHEN list runs THEN the bundled OpenSpec CLI answers with its changes", () => {
    const { run } = setUp();
    const listed = run(["list", "--json"]);
    expect(listed.stderr).toBe("");
    expect(listed.status).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({
      ok: true,
      exit_code: 0,
      stdout: { changes: [{ name: "add-dark-mode" }] },
    });
  });

  it("GIVEN the same machine WHEN tools are listed THEN the CLI is reported as found through the bundled rule", () => {
    const { run } = setUp();
    const tools = JSON.parse(run(["tools", "--json"]).stdout);
    expect(tools.cli).toMatchObject({ found: true, rule: "bundled" });
    expect(tools.cli.path).toMatch(/@fission-ai\/openspec\/bin\/openspec\.js$/);
  });
});
