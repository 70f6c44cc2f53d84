import { defineTool } from "@org/openspec-core";
import { removeTemporaryFolders } from "@org/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runInProcess } from "../test-support/run-in-process.js";

afterEach(removeTemporaryFolders);

/** A tool whose one argument may be left out, as `task list [change]`. */
const pickTool = defineTool({
  name: "test_pick",
  description: "Picks a change, for tests of optional arguments.",
  inputSchema: () =>
    z
      .object({
        change: z.string().optional().describe("The change to pick."),
        labels: z.array(z.string()).optional().describe("Labels."),
      })
      .strict(),
  outputSchema: () => z.strictObject({ ok: z.literal(true), picked: z.string() }),
  requiresCli: false,
  annotations: {
    title: "Pick",
    readOnlyHint: true,
    destructiveHint: false,
    idempotentHint: true,
    openWorldHint: false,
  },
  presentation: {
    command: ["pick"],
    summary: "pick a change",
    arguments: ["change"],
    shortFlags: { change: "c" },
    render: (result) => [{ kind: "heading", text: result.picked }],
  },
  async handler(input) {
    return { ok: true, picked: input.change ?? "(none)" };
  },
});

function run(args: string[], cwd?: string) {
  return runInProcess(args, [pickTool], cwd);
}

describe("an optional argument can also be given with its flag", () => {
  it.each([
    [["pick", "add-login"]],
    [["pick", "--change", "add-login"]],
    [["pick", "-c", "add-login"]],
    [["pick", "add-login", "-c", "add-login"]],
  ])("GIVEN %j WHEN the command runs THEN the tool gets change add-login", async (args) => {
    const result = await run(["--json", ...args]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ok: true, picked: "add-login" });
  });

  it("GIVEN neither WHEN the command runs THEN the tool gets no change", async () => {
    const result = await run(["--json", "pick"]);
    expect(JSON.parse(result.stdout)).toEqual({ ok: true, picked: "(none)" });
  });

  it("GIVEN two different changes, one each way WHEN the command runs THEN it is a usage error that says to give it once", async () => {
    const result = await run(["pick", "add-login", "--change", "add-logout"]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(
      "give change once: as the argument or with --change, not both.",
    );
    expect(result.stdout).toBe("");
  });

  it("GIVEN the help WHEN asked THEN it shows the argument and the flag", async () => {
    const help = await run(["pick", "--help"]);
    expect(help.stdout).toContain("Usage: openspec-agent pick [options] [change]");
    expect(help.stdout).toMatch(/-c, --change <value>\s+The change to pick\./);
  });
});
